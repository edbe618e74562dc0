import Testing

@testable import DailyQuoteKit

@Suite("ConfigDuration")
struct ConfigDurationTests {
    @Test(
        "Valid durations parse and print canonically",
        arguments: [
            ("20s", 20, "20s"), ("45m", 2700, "45m"), ("3h", 10800, "3h"), ("1h30m", 5400, "1h30m"),
            ("1h0m5s", 3605, "1h5s"), ("0", 0, "0"), ("0s", 0, "0"), ("90m", 5400, "1h30m"),
        ])
    func valid(text: String, seconds: Int64, canonical: String) throws {
        let duration = try #require(ConfigDuration(parsing: text))
        #expect(duration.seconds == seconds)
        #expect(duration.description == canonical)
    }

    @Test("Invalid durations are rejected", arguments: ["", "5", "m", "1m1h", "1h1h", "-5m", "1.5h", "5 m", "1d", "９m"])
    func invalid(text: String) {
        #expect(ConfigDuration(parsing: text) == nil)
    }
}
