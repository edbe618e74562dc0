import Testing

@testable import DailyQuoteKit

@Suite("FetchStage")
struct FetchStageTests {
    /// The share of a source started at `startOffset` seconds into a `total`-second deadline, in milliseconds.
    func share(total: Int64, startOffset: Duration = .zero, after: Int, of count: Int) -> Int64 {
        let origin = ContinuousClock.now
        let deadline = origin + .seconds(total)
        let start = origin + startOffset
        let end = FetchStage.shareDeadline(
            start: start, deadline: deadline, total: .seconds(total), sourcesAfter: after, sourceCount: count)
        return Int64((end - start) / .milliseconds(1))
    }

    @Test("A source keeps a reserve for each source after it: a hanging first source cannot starve the second")
    func reserve() {
        // 3 s, two sources: 1 s kept for the second.
        #expect(share(total: 3, after: 1, of: 2) == 2000)
        #expect(share(total: 3, startOffset: .seconds(2), after: 0, of: 2) == 1000)
        // The default 20 s with three sources: 2 s kept for each later one.
        #expect(share(total: 20, after: 2, of: 3) == 16_000)
        // The last source gets all that is left.
        #expect(share(total: 20, startOffset: .seconds(5), after: 0, of: 3) == 15_000)
    }

    @Test("Every source gets at least a second while the total allows, and never past the total deadline")
    func floorAndTotal() {
        // 30 reserves would leave nothing: the floor gives the first source 1 s.
        #expect(share(total: 3, after: 29, of: 30) == 1000)
        // A 1 s deadline: the floor is all of it.
        #expect(share(total: 1, after: 1, of: 2) == 1000)
        // Half a second left: that half second, not the floor.
        #expect(share(total: 3, startOffset: .milliseconds(2500), after: 3, of: 5) == 500)
    }
}
