/// `state.json`: which planned delivery was posted last.
public struct LedgerState: Sendable, Codable, Equatable {
    /// The planned instant (Unix seconds) of the last delivery posted for a plan.
    public var lastPlannedAt: Int64?
    /// Its local day (`2026-03-29`), so that a changed delivery time cannot post twice a day.
    public var lastPlannedDay: String?
    /// When the last planned delivery was posted; `notify --now` previews never change it.
    public var lastPostedAt: Int64?

    public init(lastPlannedAt: Int64? = nil, lastPlannedDay: String? = nil, lastPostedAt: Int64? = nil) {
        self.lastPlannedAt = lastPlannedAt
        self.lastPlannedDay = lastPlannedDay
        self.lastPostedAt = lastPostedAt
    }

    /// How far ahead of now a record may lie before it counts as written under a wrong clock.
    public static let futureTolerance: Int64 = 86_400

    /// The records more than a day ahead of `now`, described for `status` and `doctor`; empty if none.
    public func futureRecords(now: Int64, planner: DeliveryPlanner) -> [String] {
        var found: [String] = []
        let limit = now + Self.futureTolerance
        let format = ZonedTimeFormat(zone: planner.zone)
        if let lastPlannedAt, lastPlannedAt > limit {
            found.append("a delivery planned for \(format.iso8601(lastPlannedAt))")
        } else if let lastPlannedDay, lastPlannedDay > planner.localDay(of: limit).description {
            found.append("a delivery planned for \(lastPlannedDay)")
        }
        if let lastPostedAt, lastPostedAt > limit { found.append("a notification posted at \(format.iso8601(lastPostedAt))") }
        return found
    }

    /// This state without the records that lie more than a day ahead of `now`.
    ///
    /// A delivery recorded in the future (the clock was wrong, then fixed) would otherwise
    /// suppress every real delivery until that date.
    public func ignoringFuture(now: Int64, planner: DeliveryPlanner) -> LedgerState {
        let limit = now + Self.futureTolerance
        var state = self
        if let lastPlannedAt, lastPlannedAt > limit {
            state.lastPlannedAt = nil
            state.lastPlannedDay = nil
        }
        if let day = state.lastPlannedDay, day > planner.localDay(of: limit).description { state.lastPlannedDay = nil }
        if let lastPostedAt, lastPostedAt > limit { state.lastPostedAt = nil }
        return state
    }

    /// Whether `delivery` was already posted.
    public func hasDelivered(_ delivery: PlannedDelivery) -> Bool {
        if let lastPlannedAt, lastPlannedAt >= delivery.at { return true }
        return lastPlannedDay == delivery.day.description
    }
}
