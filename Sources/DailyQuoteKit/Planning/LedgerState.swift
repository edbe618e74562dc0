/// `state.json`: which planned slot was posted last.
///
/// The ledger records slots, not days: the last slot's instant, its local day and its
/// position in that day. Files written before slots existed lack the two slot fields; their
/// record counts as the first slot of its day, which is what it was (one delivery a day).
package struct LedgerState: Sendable, Codable, Equatable {
    /// The planned instant (Unix seconds) of the last delivery posted for a plan.
    package var lastPlannedAt: Int64?
    /// Its local day (`2026-03-29`), so that a changed delivery time cannot post a slot twice a day.
    package var lastPlannedDay: String?
    /// When the last planned delivery was posted; `notify --now` previews never change it.
    package var lastPostedAt: Int64?
    /// The last posted slot's name (`Mon..Fri 08:00`); absent in the old format.
    package var lastPlannedSlot: String?
    /// The last posted slot's 1-based position among its day's slots; absent (meaning 1) in
    /// the old format.
    package var lastPlannedSlotOfDay: Int?

    package init(
        lastPlannedAt: Int64? = nil, lastPlannedDay: String? = nil, lastPostedAt: Int64? = nil, lastPlannedSlot: String? = nil,
        lastPlannedSlotOfDay: Int? = nil
    ) {
        self.lastPlannedAt = lastPlannedAt
        self.lastPlannedDay = lastPlannedDay
        self.lastPostedAt = lastPostedAt
        self.lastPlannedSlot = lastPlannedSlot
        self.lastPlannedSlotOfDay = lastPlannedSlotOfDay
    }

    /// How far ahead of now a record may lie before it counts as written under a wrong clock.
    package static let futureTolerance: Int64 = 86_400

    /// The records more than a day ahead of `now`, described for `status` and `doctor`; empty if none.
    package func futureRecords(now: Int64, planner: DeliveryPlanner) -> [String] {
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
    package func ignoringFuture(now: Int64, planner: DeliveryPlanner) -> LedgerState {
        let limit = now + Self.futureTolerance
        var state = self
        if let lastPlannedAt, lastPlannedAt > limit {
            state.lastPlannedAt = nil
            state.lastPlannedDay = nil
        }
        if let day = state.lastPlannedDay, day > planner.localDay(of: limit).description { state.lastPlannedDay = nil }
        if state.lastPlannedDay == nil {
            state.lastPlannedSlot = nil
            state.lastPlannedSlotOfDay = nil
        }
        if let lastPostedAt, lastPostedAt > limit { state.lastPostedAt = nil }
        return state
    }

    /// Whether `delivery` was already posted: a slot at or after it was, or its day already
    /// had as many slots posted as its position (a changed time cannot post a slot twice a day).
    package func hasDelivered(_ delivery: PlannedDelivery) -> Bool {
        if let lastPlannedAt, lastPlannedAt >= delivery.at { return true }
        guard lastPlannedDay == delivery.day.description else { return false }
        return (lastPlannedSlotOfDay ?? 1) >= delivery.slotOfDay
    }

    /// The state after posting `delivery` at `postedAt`.
    package static func delivered(_ delivery: PlannedDelivery, postedAt: Int64) -> LedgerState {
        LedgerState(
            lastPlannedAt: delivery.at, lastPlannedDay: delivery.day.description, lastPostedAt: postedAt,
            lastPlannedSlot: delivery.slot, lastPlannedSlotOfDay: delivery.slotOfDay)
    }
}
