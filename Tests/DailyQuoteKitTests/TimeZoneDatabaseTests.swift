import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("TimeZoneDatabase")
struct TimeZoneDatabaseTests {
    let database = Zones.database

    @Test("Names that could leave the database directory are refused before any file is read")
    func refusesTraversal() {
        for name in ["../../etc/passwd", "/etc/passwd", "Europe/../../etc/passwd", "", "Europe//Berlin", ".hidden"] {
            #expect(throws: TimeZoneDatabase.LookupError.invalidName) { try database.zone(named: name) }
        }
        #expect(throws: TimeZoneDatabase.LookupError.notFound) { try database.zone(named: "Mars/Olympus_Mons") }
    }

    @Test("Plausible zone names: ASCII letters, digits and /_+- only, no //, relative, at most 255 bytes")
    func plausibleNames() {
        for name in [
            "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Etc/GMT-14", "UTC", "Europe/",
            String(repeating: "a", count: 255),
        ] {
            #expect(TimeZoneDatabase.isPlausibleName(name), "\(name)")
        }
        for name in [
            "Europe/Berlín", "Europe\\Berlin", "Europe/Berlin ", "a.b", "..", "Europe//Berlin", "/UTC", "",
            String(repeating: "a", count: 256),
        ] {
            #expect(!TimeZoneDatabase.isPlausibleName(name), "\(name)")
        }
    }

    @Test("A zone file's path names its zone after the first zoneinfo/")
    func nameAfterZoneinfo() {
        #expect(TimeZoneDatabase.nameAfterZoneinfo(in: "/usr/share/zoneinfo/Europe/Berlin") == "Europe/Berlin")
        #expect(TimeZoneDatabase.nameAfterZoneinfo(in: "../usr/share/zoneinfo/UTC") == "UTC")
        #expect(TimeZoneDatabase.nameAfterZoneinfo(in: "/a/zoneinfo/b/zoneinfo/c") == "b/zoneinfo/c")
        #expect(TimeZoneDatabase.nameAfterZoneinfo(in: "zoneinfo/") == "")
        #expect(TimeZoneDatabase.nameAfterZoneinfo(in: "/etc/localtime") == nil)
        #expect(TimeZoneDatabase.nameAfterZoneinfo(in: "zoneinfo") == nil)
    }

    @Test("TZ is read as glibc reads it")
    func tzVariable() {
        #expect(database.systemZone(environment: ["TZ": "Asia/Tokyo"]).identifier == "Asia/Tokyo")
        #expect(database.systemZone(environment: ["TZ": ":Europe/Berlin"]).identifier == "Europe/Berlin")
        #expect(database.systemZone(environment: ["TZ": ""]).identifier == "UTC")
        #expect(database.systemZone(environment: ["TZ": "/usr/share/zoneinfo/America/Havana"]).identifier == "America/Havana")
        let posix = database.systemZone(environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"])
        #expect(posix.utcOffset(at: Zones.instant("2026-07-01T00:00:00Z")) == 7200)
    }

    @Test("Without TZ, the /etc/localtime link names the zone; /etc/timezone is the fallback")
    func localtime() throws {
        let dir = TemporaryDirectory()
        let link = dir.url("localtime")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Kathmandu")
        #expect(database.systemZone(environment: [:], localtime: link).identifier == "Asia/Kathmandu")
        let timezone = try dir.write("timezone", "America/Santiago\n")
        #expect(database.systemZone(environment: [:], localtime: dir.url("none"), timezoneFile: timezone).identifier == "America/Santiago")
        #expect(database.systemZone(environment: [:], localtime: dir.url("none"), timezoneFile: dir.url("none")).identifier == "UTC")
    }
}
