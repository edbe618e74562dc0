/// `state.json`: which planned delivery was posted last.
public struct LedgerState: Sendable, Codable, Equatable {
    /// The planned instant (Unix seconds) of the last delivery posted for a plan.
    public var lastPlannedAt: Int64?
    /// Its local day (`2026-03-29`), so that a changed delivery time cannot post twice a day.
    public var lastPlannedDay: String?
    /// When any notification was last posted, `--now` included.
    public var lastPostedAt: Int64?

    public init(lastPlannedAt: Int64? = nil, lastPlannedDay: String? = nil, lastPostedAt: Int64? = nil) {
        self.lastPlannedAt = lastPlannedAt
        self.lastPlannedDay = lastPlannedDay
        self.lastPostedAt = lastPostedAt
    }

    /// Whether `delivery` was already posted.
    public func hasDelivered(_ delivery: PlannedDelivery) -> Bool {
        if let lastPlannedAt, lastPlannedAt >= delivery.at { return true }
        return lastPlannedDay == delivery.day.description
    }
}
