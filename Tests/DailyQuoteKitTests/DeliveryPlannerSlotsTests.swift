import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

/// The planner with several slots a day (`delivery.times`).
@Suite("DeliveryPlanner with several slots")
struct DeliveryPlannerSlotsTests {
    static func planner(_ entries: [String], zone: String = "Europe/Berlin", lead: Int64 = 45 * 60) throws -> DeliveryPlanner {
        DeliveryPlanner(
            rules: try entries.map { try #require(DeliveryTime(parsing: $0)).rule(weekdays: .everyDay) }, zone: Zones.named(zone),
            refreshLead: lead)
    }

    @Test("02:30 and 03:00 on Berlin's spring-forward day are one delivery at 03:00 CEST; on other days two")
    func collapse() throws {
        let p = try Self.planner(["02:30", "03:00"])
        let spring = p.slots(on: CivilDate(year: 2026, month: 3, day: 29))
        #expect(spring.count == 1)
        #expect(spring.first?.at == Zones.instant("2026-03-29T03:00:00+02:00"))
        #expect(spring.first?.slot == "02:30")
        #expect(spring.first?.mergedSlots == ["03:00"])
        #expect(spring.first?.dstAdjusted == true)
        #expect(p.slots(on: CivilDate(year: 2026, month: 3, day: 30)).map(\.slot) == ["02:30", "03:00"])
        // Across the day: one delivery on the 29th, two on the 28th and the 30th.
        let from = Zones.instant("2026-03-28T00:00:00+01:00")
        let days = p.deliveries(from: from, count: 5).map(\.day.day)
        #expect(days == [28, 28, 29, 30, 30])
        // The fall-back day: 02:30 is the first (CEST) instant, 03:00 comes after the repeat.
        let fall = p.slots(on: CivilDate(year: 2026, month: 10, day: 25))
        #expect(fall.map(\.at) == [Zones.instant("2026-10-25T02:30:00+02:00"), Zones.instant("2026-10-25T03:00:00+01:00")])
        #expect(fall.first?.repeatedTime == true)
    }

    @Test("Day prefixes pick the days; an entry without days applies on every selected weekday; slots come in time order")
    func dayPrefixes() throws {
        let p = try Self.planner(["20:00", "Mon..Fri 08:00", "Sat,Sun 10:30"])
        let friday = p.slots(on: CivilDate(year: 2026, month: 6, day: 5))
        #expect(friday.map(\.slot) == ["Mon..Fri 08:00", "20:00"])
        #expect(friday.map(\.slotOfDay) == [1, 2])
        let saturday = p.slots(on: CivilDate(year: 2026, month: 6, day: 6))
        #expect(saturday.map(\.slot) == ["Sat,Sun 10:30", "20:00"])
        // Entries without days take delivery.weekdays.
        let weekdays = WeekdaySet([.monday])
        let rules = ["20:00", "Sun 09:00"].map { DeliveryTime(parsing: $0)!.rule(weekdays: weekdays) }
        #expect(rules.map(\.weekdays) == [weekdays, WeekdaySet([.sunday])])
    }

    @Test("Refresh: the lead before each slot, but never earlier than halfway after the previous slot")
    func refresh() throws {
        let p = try Self.planner(["08:00", "08:30", "20:00"])
        let deliveries = p.deliveries(from: Zones.instant("2026-06-01T00:00:00+02:00"), count: 4)
        #expect(
            deliveries.map(\.refreshAt) == [
                Zones.instant("2026-06-01T07:15:00+02:00"),  // the lead: the previous slot (20:00) is far
                Zones.instant("2026-06-01T08:15:00+02:00"),  // halfway after 08:00, not 07:45
                Zones.instant("2026-06-01T19:15:00+02:00"),
                Zones.instant("2026-06-02T07:15:00+02:00"),
            ])
        // The latest delivery carries the same refresh instant as the list.
        #expect(p.latestDelivery(atOrBefore: Zones.instant("2026-06-01T09:00:00+02:00")) == deliveries[1])
        // The refresh timer's lines follow the same rule, in wall time.
        #expect(
            TimerSchedule.calendar(for: p, now: Zones.instant("2026-01-01T00:00:00Z")).refresh == [
                "*-*-* 07:15:00 Europe/Berlin", "*-*-* 08:15:00 Europe/Berlin", "*-*-* 19:15:00 Europe/Berlin",
            ])
    }

    @Test("The notify timer gets each slot's line, and each slot's DST-gap line")
    func timerLines() throws {
        let p = try Self.planner(["Mon..Fri 08:00", "Sat,Sun 02:30", "20:00"])
        #expect(
            TimerCalendar.onCalendarLines(for: p, from: Zones.instant("2026-01-01T00:00:00Z")) == [
                "Mon..Fri *-*-* 08:00:00 Europe/Berlin", "Sat,Sun *-*-* 02:30:00 Europe/Berlin", "Sun *-*-* 03:00:00 Europe/Berlin",
                "*-*-* 20:00:00 Europe/Berlin",
            ])
    }
}
