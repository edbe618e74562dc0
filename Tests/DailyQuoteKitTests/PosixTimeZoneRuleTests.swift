import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("PosixTimeZoneRule")
struct PosixTimeZoneRuleTests {
    @Test("Central European rule: last Sundays of March and October")
    func central() throws {
        let rule = try #require(PosixTimeZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(rule.standard == LocalTimeType(utcOffset: 3600, isDaylightSaving: false, abbreviation: "CET"))
        #expect(rule.daylight?.utcOffset == 7200)
        #expect(rule.localTimeType(at: Zones.instant("2030-03-31T00:59:59Z")).abbreviation == "CET")
        #expect(rule.localTimeType(at: Zones.instant("2030-03-31T01:00:00Z")).abbreviation == "CEST")
        #expect(rule.localTimeType(at: Zones.instant("2030-10-27T00:59:59Z")).abbreviation == "CEST")
        #expect(rule.localTimeType(at: Zones.instant("2030-10-27T01:00:00Z")).abbreviation == "CET")
    }

    @Test("Southern hemisphere, quoted names and negative transition times")
    func southernAndQuoted() throws {
        let santiago = try #require(PosixTimeZoneRule(parsing: "<-04>4<-03>,M9.1.6/24,M4.1.6/24"))
        #expect(santiago.localTimeType(at: Zones.instant("2030-01-15T12:00:00Z")).utcOffset == -3 * 3600)
        #expect(santiago.localTimeType(at: Zones.instant("2030-06-15T12:00:00Z")).utcOffset == -4 * 3600)
        let nuuk = try #require(PosixTimeZoneRule(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.standard.abbreviation == "-02")
        // Last Sunday of March 2030 is the 31st; -1 local (-02) on that day is 01:00Z.
        #expect(nuuk.localTimeType(at: Zones.instant("2030-03-31T00:59:59Z")).utcOffset == -7200)
        #expect(nuuk.localTimeType(at: Zones.instant("2030-03-31T01:00:00Z")).utcOffset == -3600)
    }

    @Test("Fixed zones and Julian day rules")
    func fixedAndJulian() throws {
        let kathmandu = try #require(PosixTimeZoneRule(parsing: "<+0545>-5:45"))
        #expect(kathmandu.daylight == nil)
        #expect(kathmandu.localTimeType(at: 0).utcOffset == 5 * 3600 + 45 * 60)
        let julian = try #require(PosixTimeZoneRule(parsing: "XST3XDT,J60/2,J300/2"))
        // J60 is 1 March in every year, leap or not.
        #expect(julian.localTimeType(at: Zones.instant("2028-03-01T04:59:59Z")).isDaylightSaving == false)
        #expect(julian.localTimeType(at: Zones.instant("2028-03-01T05:00:00Z")).isDaylightSaving)
    }

    @Test(
        "Malformed rules are rejected", arguments: ["", "C", "CET", "CET-1CEST,M13.1.0,M10.5.0", "CET-1CEST,M3.5.0", "<+05-5", "CET-200"])
    func malformed(text: String) {
        #expect(PosixTimeZoneRule(parsing: text) == nil)
    }
}
