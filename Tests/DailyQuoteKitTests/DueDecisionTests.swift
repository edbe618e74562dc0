import DailyQuoteKit
import Testing

@Suite("DueDecision")
struct DueDecisionTests {
    let planner = DeliveryPlanner(rule: DeliveryRule(hour: 8, minute: 0), zone: Zones.named("Europe/Berlin"), refreshLead: 2700)
    let catchUp: Int64 = 3 * 3600
    let eight = Zones.instant("2026-06-01T08:00:00+02:00")

    func decide(_ now: Int64, _ ledger: LedgerState = LedgerState()) -> DueDecision {
        DueDecision.decide(planner: planner, now: now, catchUp: catchUp, ledger: ledger)
    }

    @Test("Not yet due before the instant; due at it and within catch-up; not after catch-up")
    func window() {
        guard case .nothingDue(.pastCatchUp, let next) = decide(eight - 60) else {
            Issue.record("expected nothing due")
            return
        }
        #expect(next?.at == eight)
        #expect(decide(eight) == .due(planner.delivery(on: CivilDate(year: 2026, month: 6, day: 1))))
        #expect(decide(eight + catchUp) == .due(planner.delivery(on: CivilDate(year: 2026, month: 6, day: 1))))
        guard case .nothingDue(.pastCatchUp, _) = decide(eight + catchUp + 1) else {
            Issue.record("expected past catch-up")
            return
        }
    }

    @Test("A delivered slot is not due again, also after the delivery time was changed the same day")
    func delivered() {
        guard case .nothingDue(.delivered, _) = decide(eight + 10, LedgerState(lastPlannedAt: eight)) else {
            Issue.record("expected delivered")
            return
        }
        guard case .nothingDue(.delivered, _) = decide(eight + 10, LedgerState(lastPlannedAt: eight - 3600, lastPlannedDay: "2026-06-01"))
        else {
            Issue.record("expected delivered by day")
            return
        }
    }

    @Test("After three days asleep only the latest delivery is due")
    func suspend() {
        let ledger = LedgerState(lastPlannedAt: eight - 3 * 86_400, lastPlannedDay: "2026-05-29")
        #expect(decide(eight + 60, ledger) == .due(planner.delivery(on: CivilDate(year: 2026, month: 6, day: 1))))
    }
}
