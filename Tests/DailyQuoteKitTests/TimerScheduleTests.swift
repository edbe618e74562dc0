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
}
