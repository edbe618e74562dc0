import Testing

@testable import DailyQuoteKit

@Suite("NotificationExpiry")
struct NotificationExpiryTests {
    @Test(
        "default, never, \"0\" (never, as in the protocol) and durations",
        arguments: [
            ("default", NotificationExpiry.serverDefault, Int32(-1)), ("never", .never, 0), ("0", .never, 0), ("0s", .never, 0),
            ("30s", .after(.seconds(30)), 30_000), ("1m30s", .after(.seconds(90)), 90_000),
        ])
    func parses(text: String, expiry: NotificationExpiry, milliseconds: Int32) {
        #expect(NotificationExpiry(parsing: text) == expiry)
        #expect(NotificationExpiry(parsing: text)?.milliseconds == milliseconds)
    }

    @Test("Anything else is no expiry", arguments: ["later", "-1", "", "30"])
    func rejects(text: String) {
        #expect(NotificationExpiry(parsing: text) == nil)
    }
}
