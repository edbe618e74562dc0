@testable import DailyQuoteKit
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("TimerCalendar")
struct TimerCalendarTests {
    static let start = Zones.instant("2026-01-01T00:00:00Z")

    func lines(_ zone: String, _ hour: Int, _ minute: Int, _ days: WeekdaySet = .everyDay) -> [String] {
        let planner = DeliveryPlanner(rule: DeliveryRule(hour: hour, minute: minute, weekdays: days), zone: Zones.named(zone), refreshLead: 0)
        return TimerCalendar.onCalendarLines(for: planner, from: Self.start)
    }

    @Test("The rule's line, plus one line for the end of each DST gap a selected day falls into")
    func lines() {
        #expect(lines("Europe/Berlin", 8, 0, WeekdaySet([.monday, .tuesday, .wednesday, .thursday, .friday]))
            == ["Mon..Fri *-*-* 08:00:00 Europe/Berlin"])
        #expect(lines("Europe/Berlin", 2, 30) == ["*-*-* 02:30:00 Europe/Berlin", "Sun *-*-* 03:00:00 Europe/Berlin"])
        // The gap is on a Sunday; with Sundays not selected there is nothing to add.
        #expect(lines("Europe/Berlin", 2, 30, WeekdaySet([.monday, .wednesday, .friday])) == ["Mon,Wed,Fri *-*-* 02:30:00 Europe/Berlin"])
        #expect(lines("America/Havana", 0, 0).last == "Sun *-*-* 01:00:00 America/Havana")
        #expect(TimerCalendar.weekdayExpression(WeekdaySet([.monday, .tuesday, .saturday, .sunday])) == "Mon,Tue,Sat,Sun")
    }

    /// The instants `systemd-analyze calendar` lists for `expressions` from 2026-01-01, in UTC.
    static func systemdElapses(_ expressions: [String], iterations: Int) throws -> Set<String> {
        let result = try ProcessRunner.run(
            "/usr/bin/env",
            ["systemd-analyze", "calendar", "--iterations=\(iterations)", "--base-time=2025-12-31 00:00:00 UTC"] + expressions,
            environment: RepositoryPaths.environment(["TZ": "UTC"]))
        guard result.status == 0 else {
            throw ProcessRunner.SpawnError(description: "systemd-analyze failed: \(result.stderr.prefix(200))")
        }
        var elapses: Set<String> = []
        for line in result.stdout.split(separator: "\n") {
            guard line.contains("Next elapse:") || line.contains("Iter. #"),
                let match = line.firstMatch(of: /(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/)
            else { continue }
            elapses.insert(String(match.1))
        }
        return elapses
    }

    @Test("Proof against systemd-analyze: the timer's elapses contain every planned instant of 2026-2028")
    func coverage() throws {
        let cases: [(String, Int, Int, WeekdaySet)] = [
            ("Europe/Berlin", 2, 30, .everyDay), ("Europe/Berlin", 2, 30, WeekdaySet([.sunday])),
            ("Europe/Berlin", 8, 0, WeekdaySet([.monday, .tuesday, .wednesday, .thursday, .friday])),
            ("America/New_York", 2, 30, .everyDay), ("America/New_York", 1, 30, .everyDay),
            ("Australia/Lord_Howe", 2, 15, .everyDay), ("America/Havana", 0, 0, .everyDay),
            ("America/Santiago", 0, 0, .everyDay), ("Asia/Kathmandu", 8, 0, .everyDay),
            ("America/St_Johns", 2, 30, .everyDay),
            ("Europe/London", 1, 30, .everyDay),
        ]
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            let (zone, hour, minute, days) = cases[index]
            if let failure = Self.uncovered(zone: zone, hour: hour, minute: minute, days: days) {
                failures.withLock { $0.append(failure) }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
    }

    /// Why the timer lines miss planned instants of 2026-2028 for this rule, or nil if they cover all.
    static func uncovered(zone: String, hour: Int, minute: Int, days: WeekdaySet) -> String? {
        let planner = DeliveryPlanner(rule: DeliveryRule(hour: hour, minute: minute, weekdays: days), zone: Zones.named(zone), refreshLead: 0)
        let planned = planner.deliveries(from: start, count: 1200).prefix { $0.day.year <= 2028 }
        let expressions = TimerCalendar.onCalendarLines(for: planner, from: start)
        do {
            let elapses = try systemdElapses(expressions, iterations: 1200)
            let missing = planned.map { ZonedTimeFormat.utc($0.at).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "") }
                .filter { !elapses.contains($0) }
            return missing.isEmpty ? nil : "\(zone) \(hour):\(minute) \(expressions): missing \(missing.prefix(3))"
        } catch {
            return "\(zone) \(hour):\(minute): \(error)"
        }
    }

    @Test("Known systemd limit: times inside Pacific/Chatham's DST gap (02:45-03:45) have no next elapse")
    func chathamGap() {
        // systemd 252 answers "Failed to determine next elapse ... Resource deadlock avoided" for
        // `*-*-* 02:45:00 Pacific/Chatham` once its search reaches the gap. `install` must not
        // rely on such a line (see the engines issue); this records the limit until it is gone.
        withKnownIssue("systemd cannot compute elapses inside Chatham's 45-minute-offset gap") {
            let failure = Self.uncovered(zone: "Pacific/Chatham", hour: 2, minute: 45, days: .everyDay)
            #expect(failure == nil, "\(failure ?? "")")
        }
    }
}
