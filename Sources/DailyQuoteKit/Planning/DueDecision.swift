/// What `dailyquote notify` should do now, under the due rule.
public enum DueDecision: Sendable, Equatable {
    /// Post `delivery` now.
    case due(PlannedDelivery)
    /// Nothing to post; `next` is the next planned delivery.
    case nothingDue(reason: Reason, next: PlannedDelivery?)

    /// Why nothing is due.
    public enum Reason: String, Sendable, Equatable {
        /// No delivery is planned at or before now (within the look-back).
        case noneYet = "no delivery planned yet"
        /// The latest planned delivery was already posted.
        case delivered = "the latest delivery was already posted"
        /// The latest planned delivery is older than the catch-up window.
        case pastCatchUp = "the latest delivery is past the catch-up window"
    }

    /// Applies the due rule.
    ///
    /// Let P be the latest planned delivery at or before `now`: it is due
    /// if the ledger has not recorded it and `now - P <= catchUp`. Older missed deliveries are
    /// never posted, so three days asleep give one notification, not three.
    public static func decide(planner: DeliveryPlanner, now: Int64, catchUp: Int64, ledger: LedgerState) -> DueDecision {
        let next = planner.deliveries(from: now + 1, count: 1).first
        guard let latest = planner.latestDelivery(atOrBefore: now) else { return .nothingDue(reason: .noneYet, next: next) }
        if ledger.hasDelivered(latest) { return .nothingDue(reason: .delivered, next: next) }
        if now - latest.at > catchUp { return .nothingDue(reason: .pastCatchUp, next: next) }
        return .due(latest)
    }
}
