import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("SchedulerStep")
struct SchedulerStepTests {
    let planner = DeliveryPlanner(rule: DeliveryRule(hour: 8, minute: 0), zone: Zones.named("Europe/Berlin"), refreshLead: 45 * 60)

    @Test("Refresh first, at the lead; then the delivery; a missed refresh time is caught up at once")
    func order() {
        let delivery = Zones.instant("2026-06-02T06:00:00Z")
        let evening = Zones.instant("2026-06-01T18:00:00Z")
        #expect(
            SchedulerStep.next(planner: planner, now: evening, refreshedFor: nil)
                == .refresh(at: delivery - 2700, delivery: delivery))
        #expect(SchedulerStep.next(planner: planner, now: evening, refreshedFor: delivery) == .deliver(at: delivery))
        let late = delivery - 600
        #expect(SchedulerStep.next(planner: planner, now: late, refreshedFor: nil) == .refresh(at: late, delivery: delivery))
        // Exactly at the delivery instant, the next one is tomorrow's.
        #expect(
            SchedulerStep.next(planner: planner, now: delivery, refreshedFor: delivery + 86_400)
                == .deliver(at: delivery + 86_400))
    }

    @Test("A failed delivery's retry comes before anything later")
    func retry() {
        let now = Zones.instant("2026-06-01T06:00:10Z")
        #expect(SchedulerStep.next(planner: planner, now: now, refreshedFor: nil, retryAt: now + 30) == .deliver(at: now + 30))
        #expect(
            SchedulerStep.next(planner: planner, now: now, refreshedFor: nil, retryAt: now + 90_000)?.at
                == Zones.instant("2026-06-02T05:15:00Z"))
    }

    @Test("With several slots it wakes for each: the refresh halfway after the previous slot, then the slot")
    func severalSlots() {
        let slots = DeliveryPlanner(
            rules: ["08:00", "08:30", "Sat,Sun 10:30"].map { DeliveryTime(parsing: $0)!.rule(weekdays: .everyDay) },
            zone: Zones.named("Europe/Berlin"), refreshLead: 45 * 60)
        let eight = Zones.instant("2026-06-06T08:00:00+02:00")  // a Saturday
        #expect(SchedulerStep.next(planner: slots, now: eight, refreshedFor: eight) == .refresh(at: eight + 900, delivery: eight + 1800))
        #expect(SchedulerStep.next(planner: slots, now: eight + 900, refreshedFor: eight + 1800) == .deliver(at: eight + 1800))
        let tenThirty = Zones.instant("2026-06-06T10:30:00+02:00")
        #expect(
            SchedulerStep.next(planner: slots, now: eight + 1800, refreshedFor: eight + 1800)
                == .refresh(at: tenThirty - 2700, delivery: tenThirty))
    }
}
