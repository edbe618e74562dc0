import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("ZonedTimeFormat")
struct ZonedTimeFormatTests {
    @Test("ISO, UTC and display forms carry the offset and abbreviation in force")
    func forms() {
        let format = ZonedTimeFormat(zone: Zones.named("Europe/Berlin"))
        #expect(format.iso8601(1_774_746_000) == "2026-03-29T03:00:00+02:00")
        #expect(format.iso8601(1_774_746_000 - 1) == "2026-03-29T01:59:59+01:00")
        #expect(ZonedTimeFormat.utc(1_774_746_000) == "2026-03-29T01:00:00Z")
        #expect(format.display(1_774_746_000) == "Sun 2026-03-29 03:00 CEST")
        let kathmandu = ZonedTimeFormat(zone: Zones.named("Asia/Kathmandu"))
        #expect(kathmandu.iso8601(0) == "1970-01-01T05:30:00+05:30")
        #expect(kathmandu.iso8601(1_774_746_000) == "2026-03-29T06:45:00+05:45")
        #expect(kathmandu.display(1_774_746_000) == "Sun 2026-03-29 06:45 +0545")
    }

    static let relativeCases: [(Int64, String)] = [
        (0, "now"), (40, "in 40s"), (720, "in 12m"), (11_100, "in 3h 5m"), (7200, "in 2h"),
        (187_259, "in 2d 4h"), (86_400, "in 1d"), (-7500, "2h 5m ago"),
    ]

    @Test("Relative times", arguments: relativeCases)
    func relative(delta: Int64, text: String) {
        #expect(ZonedTimeFormat.relative(from: 1000, to: 1000 + delta) == text)
    }

    @Test("Relative times in the translator's language: units, direction and now each translated; English as before")
    func relativeTranslated() {
        let french = Translator(
            languages: ["fr"],
            lookup: .table([
                "now": "maintenant", "%sd": "%s j", "%sh": "%s h", "%sm": "%s min", "%ss": "%s s", "in %s": "dans %s",
                "%s ago": "il y a %s",
            ]))
        #expect(ZonedTimeFormat.relative(37_680, tr: french) == "dans 10 h 28 min")
        #expect(ZonedTimeFormat.relative(187_259, tr: french) == "dans 2 j 4 h")
        #expect(ZonedTimeFormat.relative(-40, tr: french) == "il y a 40 s")
        #expect(ZonedTimeFormat.relative(0, tr: french) == "maintenant")
        for (delta, text) in Self.relativeCases { #expect(ZonedTimeFormat.relative(delta, tr: .english) == text) }
    }
}
