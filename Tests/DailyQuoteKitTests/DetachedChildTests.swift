import Testing

@testable import DailyQuoteKit

@Suite("DetachedChild")
struct DetachedChildTests {
    @Test("A process with other threads (this test runner) never forks a child that runs on: it says so and starts nothing")
    func noForkBesideThreads() throws {
        // Swift Testing runs this on its pool, beside other threads. A child forked anyway would
        // run the body, which kills it; the result here would be a child, not nil.
        let child = try DetachedChild(forking: { fatalError("forked beside other threads") }, environment: [:], sharingStandardError: false)
        #expect(child == nil)
    }
}
