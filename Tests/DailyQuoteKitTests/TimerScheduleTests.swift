import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("TimerSchedule")
struct TimerScheduleTests {
    func planner(_ hour: Int, _ minute: Int, _ days: WeekdaySet = .everyDay, lead: Int64) -> DeliveryPlanner {
        DeliveryPlanner(
            rule: DeliveryRule(hour: hour, minute: minute, weekdays: days), zone: Zones.named("Europe/Berlin"), refreshLead: lead)
    }

    @Test("The refresh lines are the delivery's, the lead earlier, in the same zone")
    func refreshLines() {
        let schedule = TimerSchedule.calendar(for: planner(8, 0, lead: 45 * 60), now: Zones.instant("2026-01-01T00:00:00Z"))
        #expect(schedule.notify == ["*-*-* 08:00:00 Europe/Berlin"])
        #expect(schedule.refresh == ["*-*-* 07:15:00 Europe/Berlin"])
        #expect(schedule.style == .calendar)
        #expect(schedule.horizonEnd == nil)
    }

    @Test("A lead past midnight moves the refresh to the day before, weekdays included")
    func refreshBeforeMidnight() {
        let shifted = TimerSchedule.refreshPlanner(for: planner(0, 15, WeekdaySet([.monday, .friday]), lead: 45 * 60))
        #expect(shifted.rule == DeliveryRule(hour: 23, minute: 30, weekdays: WeekdaySet([.sunday, .thursday])))
        let noLead = TimerSchedule.refreshPlanner(for: planner(6, 5, lead: 0))
        #expect(noLead.rule == DeliveryRule(hour: 6, minute: 5))
    }

    @Test("The absolute horizon is whole UTC years, so re-running install the same year changes nothing")
    func absoluteHorizon() {
        let a = TimerSchedule.absolute(for: planner(8, 0, lead: 600), now: Zones.instant("2026-02-01T00:00:00Z"))
        let b = TimerSchedule.absolute(for: planner(8, 0, lead: 600), now: Zones.instant("2026-11-22T10:00:00Z"))
        #expect(a == b)
        #expect(a.notify.first == "2026-01-01..31 07:00:00 UTC")
        #expect(a.notify.last == "2029-12-01..31 07:00:00 UTC")
        #expect(a.refresh.first == "2026-01-01..31 06:50:00 UTC")
    }

    func planner(_ zone: String, _ hour: Int, _ minute: Int, lead: Int64 = 45 * 60) -> DeliveryPlanner {
        DeliveryPlanner(rule: DeliveryRule(hour: hour, minute: minute), zone: Zones.named(zone), refreshLead: lead)
    }

    @Test(
        "The generator takes the absolute style for a wall time within an hour of a change of offset, the calendar style otherwise",
        arguments: [
            // Chatham skips 02:45-03:45 in September and repeats it in April: 01:45-04:45 is near.
            ("Pacific/Chatham", 2, 45, TimerSchedule.Style.absolute), ("Pacific/Chatham", 4, 45, .absolute),
            ("Pacific/Chatham", 1, 44, .calendar), ("Pacific/Chatham", 8, 0, .calendar),
            // Refreshing at 04:01 (45 minutes before 04:46) is near too; at 04:46 it is not.
            ("Pacific/Chatham", 4, 46, .absolute), ("Pacific/Chatham", 5, 31, .calendar),
            // Berlin: 02:00-03:00, so 01:00-04:00 is near.
            ("Europe/Berlin", 2, 30, .absolute), ("Europe/Berlin", 1, 0, .absolute), ("Europe/Berlin", 4, 0, .absolute),
            ("Europe/Berlin", 0, 59, .calendar), ("Europe/Berlin", 4, 46, .calendar),
            // Santiago changes at 24:00, so the span wraps past midnight.
            ("America/Santiago", 23, 30, .absolute), ("America/Santiago", 0, 30, .absolute), ("America/Santiago", 12, 0, .calendar),
            // No changes at all.
            ("Asia/Tokyo", 2, 30, .calendar), ("UTC", 0, 0, .calendar),
        ])
    func generatedStyle(zone: String, hour: Int, minute: Int, style: TimerSchedule.Style) {
        let plan = planner(zone, hour, minute)
        let now = Zones.instant("2026-11-25T00:00:00Z")
        let schedule = TimerSchedule.generated(for: plan, now: now)
        #expect(schedule.style == style)
        let expected =
            style == .absolute ? TimerSchedule.absolute(for: plan, now: now, years: 1) : TimerSchedule.calendar(for: plan, now: now)
        #expect(schedule == expected)
        if style == .absolute { #expect(schedule.horizonEnd == Zones.instant("2027-12-31T23:59:59Z")) }
    }

    @Test("A wall time that only the refresh brings near a change counts, and with no lead the delivery alone decides")
    func refreshCounts() {
        let now = Zones.instant("2026-11-25T00:00:00Z")
        #expect(TimerSchedule.generated(for: planner("Europe/Berlin", 4, 30, lead: 45 * 60), now: now).style == .absolute)
        #expect(TimerSchedule.generated(for: planner("Europe/Berlin", 4, 30, lead: 0), now: now).style == .calendar)
    }
}
