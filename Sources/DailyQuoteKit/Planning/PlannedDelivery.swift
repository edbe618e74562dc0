/// One concrete delivery that the planner scheduled, with the refresh that precedes it.
public struct PlannedDelivery: Sendable, Codable, Equatable, Hashable {
    /// The local calendar day this delivery belongs to.
    public var day: CivilDate
    /// The delivery instant, Unix seconds.
    public var at: Int64
    /// The refresh instant (`at` minus the configured lead), Unix seconds.
    public var refreshAt: Int64
    /// True when the rule's local time did not exist that day (a DST gap) and the delivery
    /// was moved to the end of the gap.
    public var dstAdjusted: Bool
    /// True when the rule's local time occurred twice that day (a DST fall-back) and the
    /// delivery took the first occurrence.
    public var repeatedTime: Bool

    public init(day: CivilDate, at: Int64, refreshAt: Int64, dstAdjusted: Bool, repeatedTime: Bool = false) {
        self.day = day
        self.at = at
        self.refreshAt = refreshAt
        self.dstAdjusted = dstAdjusted
        self.repeatedTime = repeatedTime
    }
}
