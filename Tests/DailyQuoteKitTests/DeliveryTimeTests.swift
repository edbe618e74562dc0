import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("DeliveryTime")
struct DeliveryTimeTests {
    @Test(
        "Entries: HH:MM alone, or systemd's weekday syntax before it",
        arguments: [
            ("08:00", nil, 8, 0), ("8:05", nil, 8, 5), ("  23:59 ", nil, 23, 59),
            ("Mon..Fri 08:00", [1, 2, 3, 4, 5], 8, 0), ("Sat,Sun 10:30", [6, 7], 10, 30),
            ("Mon,Wed..Fri 20:00", [1, 3, 4, 5], 20, 0), ("mon-wed,FRI 07:00", [1, 2, 3, 5], 7, 0),
            ("Monday..Wednesday 00:00", [1, 2, 3], 0, 0), ("Sun, 06:00", [7], 6, 0), ("thu..thu 09:00", [4], 9, 0),
        ] as [(String, [Int]?, Int, Int)])
    func parses(entry: String, days: [Int]?, hour: Int, minute: Int) throws {
        let time = try #require(DeliveryTime(parsing: entry))
        #expect(time.days == days.map { WeekdaySet($0.compactMap(Weekday.init(rawValue:))) })
        #expect(time.hour == hour)
        #expect(time.minute == minute)
        #expect(time.text == entry.trimmingCharacters(in: .whitespaces))
    }

    @Test(
        "Rejected: what systemd rejects, and times that are not HH:MM",
        arguments: [
            "", "24:00", "08:60", "8", "08:0", "080:00", "08:00:00", "Fri..Mon 08:00", "Mon.. 08:00", "Mon..Wed..Fri 08:00",
            "Mon-Wed-Fri 08:00", "Mon,,Tue 08:00", "Mond 08:00", "Mo 08:00", "Mon Tue 08:00", "Mon..Fri", "08:00 Mon", "*-*-* 08:00",
            "Mon..Fri 8h", "١٢:٠٠",
        ])
    func rejects(entry: String) {
        #expect(DeliveryTime(parsing: entry) == nil)
    }

    /// Weekday specifications that systemd's own parser is asked about.
    static let specs = [
        "Mon", "mon", "MON", "Monday", "monDAY", "Mon..Fri", "Mon-Fri", "Sat,Sun", "Mon,Wed..Fri", "Fri..Mon", "Mon..Mon",
        "Tue,Thu", "Sun,Mon", "Mon,", "Mon..", "Mon-", "Mon..Wed,Fri..Sun", "Mon..Wed..Fri", "Mon,,Tue", "Mond", "Thursday..Sat",
        "wed-thu,sat", "Sun..Sat", "Mon.Fri", "Tues", "Wednesday,Sunday", "Mon-Wed,Thu", "fri..sunday",
    ]

    @Test("The weekday syntax agrees with systemd-analyze calendar: same days accepted, same rejected")
    func agreesWithSystemd() throws {
        for spec in Self.specs {
            let result = try ProcessRunner.run(
                "/usr/bin/env", ["systemd-analyze", "calendar", "\(spec) 08:00"], environment: RepositoryPaths.environment(["TZ": "UTC"]))
            let ours = DeliveryTime(parsing: "\(spec) 08:00")
            guard result.status == 0 else {
                #expect(ours == nil, "\(spec): systemd rejects it, we accept it")
                continue
            }
            // "Normalized form: Mon..Wed,Fri *-*-* 08:00:00", or no weekdays for every day.
            let normalized = try #require(result.stdout.firstMatch(of: /Normalized form: (.*)\n/)?.1)
            let words = normalized.split(separator: " ")
            let systemdDays = words.count == 3 ? DeliveryTime(parsing: "\(words[0]) 08:00")?.days : WeekdaySet.everyDay
            #expect(ours?.days == systemdDays, "\(spec): systemd says \(normalized)")
        }
    }
}
