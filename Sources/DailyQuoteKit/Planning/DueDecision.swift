/// What `dailyquote notify` should do now, under the due rule.
package enum DueDecision: Sendable, Equatable {
    /// Post `delivery` now.
    case due(PlannedDelivery)
    /// Nothing to post; `next` is the next planned delivery.
    case nothingDue(reason: Reason, next: PlannedDelivery?)

    /// Why nothing is due.
    package enum Reason: String, Sendable, Equatable {
        /// No delivery is planned at or before now (within the look-back).
        case noneYet = "no delivery planned yet"
        /// The latest planned delivery was already posted.
        case delivered = "the latest delivery was already posted"
        /// The latest planned delivery is older than the catch-up window.
        case pastCatchUp = "the latest delivery is past the catch-up window"
    }

    /// How late a delivery still counts as on time, whatever `catch_up` says.
    ///
    /// Timers fire late by their accuracy and processes take time to start, so `catch_up = "0"`
    /// would otherwise drop the day when `notify` starts a second late. `"0"` means no catch-up
    /// after a suspend or a poweroff, not "to the second".
    package static let onTimeGrace: Int64 = 60

    /// Applies the due rule.
    ///
    /// Let P be the latest planned delivery at or before `now`: it is due if the ledger has not
    /// recorded it and `now - P <= max(catchUp, onTimeGrace)`. Older missed deliveries are
    /// never posted, so three days asleep give one notification, not three. Records more than
    /// a day ahead of `now` (the clock was wrong when they were written) are ignored.
    package static func decide(planner: DeliveryPlanner, now: Int64, catchUp: Int64, ledger: LedgerState) -> DueDecision {
        let ledger = ledger.ignoringFuture(now: now, planner: planner)
        let next = planner.deliveries(from: now + 1, count: 1).first
        guard let latest = planner.latestDelivery(atOrBefore: now) else { return .nothingDue(reason: .noneYet, next: next) }
        if ledger.hasDelivered(latest) { return .nothingDue(reason: .delivered, next: next) }
        if now - latest.at > max(catchUp, onTimeGrace) { return .nothingDue(reason: .pastCatchUp, next: next) }
        return .due(latest)
    }
}
