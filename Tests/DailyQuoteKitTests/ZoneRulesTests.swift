import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("ZoneRules")
struct ZoneRulesTests {
    @Test("Berlin from the system TZif file: offsets and abbreviations around the 2026 switches")
    func berlin() {
        let zone = Zones.named("Europe/Berlin")
        let jump = Zones.instant("2026-03-29T01:00:00Z")
        #expect(zone.localTimeType(at: jump - 1) == LocalTimeType(utcOffset: 3600, isDaylightSaving: false, abbreviation: "CET"))
        #expect(zone.localTimeType(at: jump) == LocalTimeType(utcOffset: 7200, isDaylightSaving: true, abbreviation: "CEST"))
        let changes = zone.offsetChanges(from: Zones.instant("2026-01-01T00:00:00Z"), through: Zones.instant("2026-12-31T00:00:00Z"))
        #expect(changes.map(\.at) == [jump, Zones.instant("2026-10-25T01:00:00Z")])
    }

    @Test("Instants past the table use the footer rule (2100 in New York)")
    func footerBeyondTable() {
        let zone = Zones.named("America/New_York")
        #expect(zone.utcOffset(at: Zones.instant("2100-07-01T12:00:00Z")) == -4 * 3600)
        #expect(zone.utcOffset(at: Zones.instant("2100-01-01T12:00:00Z")) == -5 * 3600)
        // Second Sunday of March 2100 is the 14th; the switch is at 02:00 EST = 07:00Z.
        #expect(zone.utcOffset(at: Zones.instant("2100-03-14T06:59:59Z")) == -5 * 3600)
        #expect(zone.utcOffset(at: Zones.instant("2100-03-14T07:00:00Z")) == -4 * 3600)
    }

    @Test("Garbage and truncated files are rejected with a TZifFormatError")
    func rejectsBadFiles() throws {
        #expect(throws: TZifFormatError.self) { try ZoneRules(tzif: Data("not a zone".utf8), identifier: "x") }
        let real = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
        #expect(throws: TZifFormatError.self) { try ZoneRules(tzif: real.prefix(200), identifier: "x") }
        #expect(throws: TZifFormatError.self) { try ZoneRules(tzif: Data(), identifier: "x") }
    }
}
