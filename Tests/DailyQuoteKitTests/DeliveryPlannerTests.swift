import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("DeliveryPlanner")
struct DeliveryPlannerTests {
    let berlin = Zones.named("Europe/Berlin")

    func planner(_ hour: Int, _ minute: Int, zone: String = "Europe/Berlin", days: WeekdaySet = .everyDay)
        -> DeliveryPlanner
    {
        DeliveryPlanner(
            rule: DeliveryRule(hour: hour, minute: minute, weekdays: days), zone: Zones.named(zone), refreshLead: 45 * 60)
    }

    @Test("A spring-forward gap moves 02:30 to the moment the clocks jump (03:00 CEST)")
    func springForwardGap() {
        let delivery = planner(2, 30).delivery(on: CivilDate(year: 2026, month: 3, day: 29))
        #expect(delivery.at == Zones.instant("2026-03-29T03:00:00+02:00"))
        #expect(delivery.dstAdjusted)
        #expect(delivery.refreshAt == Zones.instant("2026-03-29T01:15:00+01:00"))
    }

    @Test("A fall-back repeat delivers at the first 02:30 and the day is then done")
    func fallBackRepeat() {
        let p = planner(2, 30)
        let delivery = p.delivery(on: CivilDate(year: 2026, month: 10, day: 25))
        #expect(delivery.at == Zones.instant("2026-10-25T02:30:00+02:00"))
        #expect(delivery.repeatedTime)
        #expect(!delivery.dstAdjusted)
        // Asked from between the two occurrences (02:45 CEST, and 02:15 CET), the next is Monday.
        for between in ["2026-10-25T02:45:00+02:00", "2026-10-25T02:15:00+01:00", "2026-10-25T02:30:01+02:00"] {
            let next = p.deliveries(from: Zones.instant(between), count: 1)
            #expect(next.first?.at == Zones.instant("2026-10-26T02:30:00+01:00"), "from \(between)")
        }
    }

    @Test("A delivery exactly at the start instant is included")
    func startIsInclusive() {
        let start = Zones.instant("2026-06-01T08:00:00+02:00")
        #expect(planner(8, 0).deliveries(from: start, count: 1).first?.at == start)
    }

    @Test("Weekday filters skip unselected days, in local time")
    func weekdayFilter() {
        let p = planner(8, 0, days: WeekdaySet([.monday, .friday]))
        let days = p.deliveries(from: Zones.instant("2026-11-22T00:00:00+01:00"), count: 4).map(\.day.description)
        #expect(days == ["2026-11-23", "2026-11-27", "2026-11-30", "2026-12-04"])
    }

    @Test("Lord Howe's 30-minute shift: 02:15 is a gap in October, 01:45 repeats in April")
    func lordHowe() {
        let p = planner(2, 15, zone: "Australia/Lord_Howe")
        let gap = p.delivery(on: CivilDate(year: 2026, month: 10, day: 4))
        #expect(gap.dstAdjusted)
        #expect(gap.at == Zones.instant("2026-10-04T02:30:00+11:00"))
        let repeatDay = planner(1, 45, zone: "Australia/Lord_Howe").delivery(on: CivilDate(year: 2026, month: 4, day: 5))
        #expect(repeatDay.at == Zones.instant("2026-04-05T01:45:00+11:00"))
        #expect(repeatDay.repeatedTime)
    }

    @Test("A midnight transition (Havana, 00:00 does not exist in March) is still delivered")
    func midnightGap() {
        let delivery = planner(0, 0, zone: "America/Havana").delivery(on: CivilDate(year: 2026, month: 3, day: 8))
        #expect(delivery.dstAdjusted)
        #expect(delivery.at == Zones.instant("2026-03-08T01:00:00-04:00"))
    }

    @Test("latestDelivery finds the latest instant at or before now, skipping unselected days")
    func latestDelivery() {
        let p = planner(8, 0, days: WeekdaySet([.monday]))
        let now = Zones.instant("2026-11-25T12:00:00+01:00")  // a Wednesday
        #expect(p.latestDelivery(atOrBefore: now)?.at == Zones.instant("2026-11-23T08:00:00+01:00"))
        let exactly = Zones.instant("2026-11-30T08:00:00+01:00")
        #expect(p.latestDelivery(atOrBefore: exactly)?.at == exactly)
        #expect(p.latestDelivery(atOrBefore: exactly - 1)?.at == Zones.instant("2026-11-23T08:00:00+01:00"))
    }

    @Test("Deliveries are strictly increasing and one per selected day over three years")
    func strictlyIncreasing() {
        let p = planner(2, 30)
        let list = p.deliveries(from: Zones.instant("2026-01-01T00:00:00+01:00"), count: 1096)
        #expect(zip(list, list.dropFirst()).allSatisfy { $0.at < $1.at })
        #expect(Set(list.map(\.day)).count == 1096)
        #expect(list.filter(\.dstAdjusted).count == 3)
    }
}
