import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("TimestampParser")
struct TimestampParserTests {
    let berlin = Zones.named("Europe/Berlin")

    @Test("ISO 8601 with an offset or Z is absolute, whatever the zone")
    func absolute() {
        #expect(TimestampParser.parse("2026-03-29T01:00:00Z", zone: berlin) == 1_774_746_000)
        #expect(TimestampParser.parse("2026-03-29T03:00:00+02:00", zone: berlin) == 1_774_746_000)
        #expect(TimestampParser.parse("2026-03-29T03:00+0200", zone: berlin) == 1_774_746_000)
        #expect(TimestampParser.parse("2026-03-28T20:00:00-05:00", zone: .utc) == 1_774_746_000)
    }

    @Test("Local times are read in the zone: first occurrence on a repeat, gap end in a gap")
    func local() {
        #expect(TimestampParser.parse("2026-03-29 03:00", zone: berlin) == 1_774_746_000)
        #expect(TimestampParser.parse("2026-03-29 02:30", zone: berlin) == 1_774_746_000)
        #expect(
            TimestampParser.parse("2026-10-25 02:30:00", zone: berlin) == TimestampParser.parse("2026-10-25T02:30:00+02:00", zone: .utc))
        #expect(TimestampParser.parse("2026-01-01", zone: berlin) == TimestampParser.parse("2026-01-01T00:00:00+01:00", zone: .utc))
    }

    @Test(
        "Malformed timestamps are rejected",
        arguments: [
            "", "tomorrow", "2026-13-01", "2026-02-30 08:00", "2026-01-01 24:00", "2026-01-01T08:00+25:00", "2026-01-01 08:00 junk",
            "1774746000",
        ])
    func malformed(text: String) {
        #expect(TimestampParser.parse(text, zone: .utc) == nil)
    }
}
