import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("TimerCalendar")
struct TimerCalendarTests {
    static let start = Zones.instant("2026-01-01T00:00:00Z")

    func lines(_ zone: String, _ hour: Int, _ minute: Int, _ days: WeekdaySet = .everyDay) -> [String] {
        let planner = DeliveryPlanner(
            rule: DeliveryRule(hour: hour, minute: minute, weekdays: days), zone: Zones.named(zone), refreshLead: 0)
        return TimerCalendar.onCalendarLines(for: planner, from: Self.start)
    }

    @Test("The rule's line, plus one line for the end of each DST gap a selected day falls into")
    func lines() {
        #expect(
            lines("Europe/Berlin", 8, 0, WeekdaySet([.monday, .tuesday, .wednesday, .thursday, .friday]))
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
        let planner = DeliveryPlanner(
            rule: DeliveryRule(hour: hour, minute: minute, weekdays: days), zone: Zones.named(zone), refreshLead: 0)
        let planned = planner.deliveries(from: start, count: 1200).prefix { $0.day.year <= 2028 }
        let expressions = TimerCalendar.onCalendarLines(for: planner, from: start)
        do {
            let elapses = try systemdElapses(expressions, iterations: 1200)
            let missing = planned.map {
                ZonedTimeFormat.utc($0.at).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
            }
            .filter { !elapses.contains($0) }
            return missing.isEmpty ? nil : "\(zone) \(hour):\(minute) \(expressions): missing \(missing.prefix(3))"
        } catch {
            return "\(zone) \(hour):\(minute): \(error)"
        }
    }

    @Test(
        "Proof against systemd-analyze with several slots and day prefixes: every planned instant of 2026-2028 elapses",
        arguments: [
            ("Europe/Berlin", ["02:30", "03:00", "Mon..Fri 08:00", "Sat,Sun 10:30", "20:00"]),
            ("America/New_York", ["Mon..Fri 01:30", "Sat,Sun 02:30", "Sun 02:00", "23:00"]),
            ("Australia/Lord_Howe", ["02:15", "Sun 01:45", "Mon,Wed..Fri 02:00"]),
            ("America/Havana", ["00:00", "Sat,Sun 00:30", "12:00"]),
            ("America/St_Johns", ["Sun 02:30", "Mon..Sat 01:30", "18:45"]),
            ("Europe/London", ["01:30", "Sun 01:00", "Tue,Thu 07:00"]),
        ])
    func coverageSeveralSlots(zone: String, entries: [String]) throws {
        let planner = DeliveryPlanner(
            rules: entries.map { DeliveryTime(parsing: $0)!.rule(weekdays: .everyDay) }, zone: Zones.named(zone), refreshLead: 45 * 60)
        let planned = planner.deliveries(from: Self.start, count: 6000).prefix { $0.day.year <= 2028 }
        let expressions = TimerCalendar.onCalendarLines(for: planner, from: Self.start)
        let elapses = try Self.systemdElapses(expressions, iterations: planned.count * 2 + 50)
        let missing = planned.map { Self.systemdStyle($0.at) }.filter { !elapses.contains($0) }
        #expect(missing.isEmpty, "\(zone) \(expressions): missing \(missing.prefix(3))")
        // The refresh timer's lines are valid for systemd too.
        let refresh = TimerSchedule.calendar(for: planner, now: Self.start).refresh
        #expect(try !Self.systemdElapses(refresh, iterations: 2).isEmpty)
    }

    @Test("Where systemd fails (inside Pacific/Chatham's gap) the absolute UTC lines cover every planned instant of the horizon")
    func chathamAbsolute() throws {
        let planner = DeliveryPlanner(rule: DeliveryRule(hour: 2, minute: 45), zone: Zones.named("Pacific/Chatham"), refreshLead: 45 * 60)
        // systemd 252 answers "Resource deadlock avoided" for this rule's calendar line: the
        // validator must notice and switch to the absolute style.
        let chosen = CalendarValidator(subprocess: Subprocess(environment: RepositoryPaths.environment([:]))).schedule(
            for: planner, now: Self.start)
        #expect(chosen.schedule.style == .absolute)
        #expect(chosen.reason?.contains("Pacific/Chatham") == true)
        let schedule = chosen.schedule
        let horizonEnd = try #require(schedule.horizonEnd)
        #expect(ZonedTimeFormat.utc(horizonEnd) == "2029-12-31T23:59:59Z")
        let planned = planner.deliveries(from: Self.start, count: 1500).prefix { $0.at <= horizonEnd }
        #expect(planned.count == 1461)
        let elapses = try Self.systemdElapses(schedule.notify, iterations: 1500)
        let missing = planned.map { Self.systemdStyle($0.at) }.filter { !elapses.contains($0) }
        #expect(missing.isEmpty, "missing \(missing.prefix(3))")
        // Nothing extra either: the absolute lines are exactly the plan.
        #expect(elapses.count == planned.count)
        // The refresh lines are the same plan, the lead earlier.
        let refreshElapses = try Self.systemdElapses(schedule.refresh, iterations: 1500)
        #expect(refreshElapses == Set(planned.map { Self.systemdStyle($0.refreshAt) }))
    }

    @Test("A systemd-analyze that gives no answer in time rejects nothing: the calendar style stays")
    func validatorWithoutAnswer() throws {
        let planner = DeliveryPlanner(rule: DeliveryRule(hour: 2, minute: 45), zone: Zones.named("Pacific/Chatham"), refreshLead: 45 * 60)
        // A systemd-analyze first on PATH that never answers (unit/systemd-analyze-silent/).
        let silent = RepositoryPaths.support("unit/systemd-analyze-silent")
        let environment = RepositoryPaths.environment(["PATH": silent + ":" + RepositoryPaths.environment()["PATH", default: ""]])
        let validator = CalendarValidator(subprocess: Subprocess(environment: environment), timeout: .milliseconds(300))
        #expect(validator.rejection(of: TimerSchedule.calendar(for: planner, now: Self.start).notify) == nil)
        let chosen = validator.schedule(for: planner, now: Self.start)
        #expect(chosen.schedule.style == .calendar)
        #expect(chosen.reason == nil)
        // The real one, given the time, still rejects the same lines (the Chatham test above).
        let real = CalendarValidator(subprocess: Subprocess(environment: RepositoryPaths.environment([:])))
        #expect(real.rejection(of: TimerSchedule.calendar(for: planner, now: Self.start).notify) != nil)
    }

    @Test("The absolute lines of a plan with two slots cover both slots of every day of the horizon")
    func absoluteSeveralSlots() throws {
        let planner = DeliveryPlanner(
            rules: ["02:45", "Mon..Fri 20:00"].map { DeliveryTime(parsing: $0)!.rule(weekdays: .everyDay) },
            zone: Zones.named("Pacific/Chatham"), refreshLead: 45 * 60)
        let schedule = TimerSchedule.absolute(for: planner, now: Self.start)
        let horizonEnd = try #require(schedule.horizonEnd)
        let planned = planner.deliveries(from: Self.start, count: 3000).prefix { $0.at <= horizonEnd }
        #expect(planned.count > 2400)
        let elapses = try Self.systemdElapses(schedule.notify, iterations: 3000)
        #expect(elapses == Set(planned.map { Self.systemdStyle($0.at) }))
    }

    @Test("Absolute lines: one line per month and UTC time, consecutive days as ranges")
    func absoluteLineFormat() {
        let day = Zones.instant("2026-11-01T07:00:00Z")
        let instants = [0, 1, 2, 4, 30].map { day + Int64($0) * 86_400 } + [day + 5 * 86_400 + 3600]
        #expect(
            TimerCalendar.absoluteLines(instants) == [
                "2026-11-01..03,05 07:00:00 UTC", "2026-11-06 08:00:00 UTC", "2026-12-01 07:00:00 UTC",
            ])
    }

    /// `2026-03-29 01:00:00`, as `systemd-analyze calendar` prints UTC instants.
    static func systemdStyle(_ instant: Int64) -> String {
        ZonedTimeFormat.utc(instant).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
    }
}
