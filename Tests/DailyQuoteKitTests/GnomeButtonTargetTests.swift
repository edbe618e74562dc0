import Testing

@testable import DailyQuoteKit

@Suite("GnomeButtonTarget")
struct GnomeButtonTargetTests {
    @Test("A target names the delivery by its posting time and reads back")
    func roundTrip() {
        let target = GnomeButtonTarget(postedAt: 1_764_000_000)
        #expect(target.text == "posted@1764000000")
        #expect(GnomeButtonTarget(text: target.text) == target)
    }

    @Test(
        "Anything else is no target",
        arguments: [
            "", "posted@", "posted@x", "posted@-5", "posted@+5", "posted@ 5", "posted@05", "posted@5 ", "1764000000",
            "posted@17640000001764000000",
        ])
    func rejects(text: String) {
        #expect(GnomeButtonTarget(text: text) == nil)
    }
}
