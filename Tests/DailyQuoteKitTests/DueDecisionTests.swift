import TestSupport
import Testing

@testable import DailyQuoteKit

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

/// The due rule per slot, with `times = ["08:00", "12:00", "20:00"]`.
@Suite("DueDecision per slot")
struct DueDecisionSlotTests {
    let planner: DeliveryPlanner
    let catchUp: Int64 = 3 * 3600

    init() throws {
        planner = DeliveryPlanner(
            rules: try ["08:00", "12:00", "20:00"].map { try #require(DeliveryTime(parsing: $0)).rule(weekdays: .everyDay) },
            zone: Zones.named("Europe/Berlin"), refreshLead: 2700)
    }

    func at(_ time: String) -> Int64 { Zones.instant("2026-06-01T\(time):00+02:00") }

    /// Runs the due rule at each instant, recording what is due as the delivery stage does.
    func simulate(_ times: [String], start: LedgerState = LedgerState()) -> [String] {
        var ledger = start
        var posted: [String] = []
        for time in times {
            if case .due(let delivery) = DueDecision.decide(planner: planner, now: at(time), catchUp: catchUp, ledger: ledger) {
                posted.append(delivery.slot)
                ledger = .delivered(delivery, postedAt: at(time))
            }
        }
        return posted
    }

    @Test("Each slot of a day is due once, at its time")
    func eachSlot() {
        #expect(
            simulate(["07:59", "08:00", "08:01", "11:00", "12:00", "12:30", "20:00", "20:00", "23:00"]) == ["08:00", "12:00", "20:00"])
    }

    @Test("A suspend over several slots gives one notification, for the latest slot, never a burst")
    func suspendOverSlots() {
        // Asleep from 07:00 to 20:30: 08:00, 12:00 and 20:00 were missed; only 20:00 is posted.
        #expect(simulate(["07:00", "20:30", "20:31", "21:00"]) == ["20:00"])
        // Woken at 13:00: 12:00 is posted; 08:00 never is.
        #expect(simulate(["07:00", "13:00", "13:01"]) == ["12:00"])
        // Asleep past the catch-up window of the latest slot: nothing until the next slot.
        #expect(simulate(["07:00", "15:01", "19:00", "20:00"]) == ["20:00"])
    }

    @Test("A slot posted, then its time changed the same day, is not posted again; the next slot still is")
    func changedTime() {
        let ledger = LedgerState(
            lastPlannedAt: at("07:00"), lastPlannedDay: "2026-06-01", lastPostedAt: at("07:00"), lastPlannedSlot: "07:00",
            lastPlannedSlotOfDay: 1)
        #expect(simulate(["08:00", "12:00"], start: ledger) == ["12:00"])
    }

    @Test("A record in the old format (no slot fields) counts as its day's first slot; later slots are still due")
    func oldFormatRecord() {
        let old = LedgerState(lastPlannedAt: at("07:00"), lastPlannedDay: "2026-06-01", lastPostedAt: at("07:00"))
        #expect(simulate(["08:00", "12:00", "20:00"], start: old) == ["12:00", "20:00"])
    }
}
