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

    func decide(_ now: Int64, catchUp: Int64, _ ledger: LedgerState = LedgerState()) -> DueDecision {
        DueDecision.decide(planner: planner, now: now, catchUp: catchUp, ledger: ledger)
    }

    @Test("catch_up = \"0\": a delivery up to a minute late is still on time; later it is dropped")
    func onTimeGrace() {
        let today = planner.delivery(on: CivilDate(year: 2026, month: 6, day: 1))
        #expect(decide(eight + 1, catchUp: 0) == .due(today))
        #expect(decide(eight + DueDecision.onTimeGrace, catchUp: 0) == .due(today))
        guard case .nothingDue(.pastCatchUp, _) = decide(eight + DueDecision.onTimeGrace + 1, catchUp: 0) else {
            Issue.record("expected past the grace")
            return
        }
        // A catch-up window longer than the grace is unchanged.
        #expect(decide(eight + 600, catchUp: 3600) == .due(today))
    }

    @Test(
        "Records more than a day ahead (a clock set back) do not suppress real deliveries; nearer ones still count",
        arguments: [
            (LedgerState(lastPlannedAt: Zones.instant("2026-07-01T08:00:00+02:00"), lastPlannedDay: "2026-07-01"), true),
            (LedgerState(lastPlannedDay: "2027-01-01"), true),
            (LedgerState(lastPlannedAt: Zones.instant("2026-06-01T08:00:00+02:00"), lastPlannedDay: "2026-06-01"), false),
        ])
    func futureRecords(ledger: LedgerState, due: Bool) {
        let today = planner.delivery(on: CivilDate(year: 2026, month: 6, day: 1))
        let decision = decide(eight + 5, ledger)
        #expect((decision == .due(today)) == due, "\(decision)")
        #expect(ledger.futureRecords(now: eight + 5, planner: planner).isEmpty == !due)
    }
}
