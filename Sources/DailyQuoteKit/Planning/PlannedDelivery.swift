/// One concrete delivery that the planner scheduled, with the refresh that precedes it.
package struct PlannedDelivery: Sendable, Codable, Equatable, Hashable {
    /// The local calendar day this delivery belongs to.
    package var day: CivilDate
    /// The delivery instant, Unix seconds.
    package var at: Int64
    /// The refresh instant (`at` minus the configured lead, but never before the midpoint
    /// after the previous slot), Unix seconds.
    package var refreshAt: Int64
    /// True when the rule's local time did not exist that day (a DST gap) and the delivery
    /// was moved to the end of the gap.
    package var dstAdjusted: Bool
    /// True when the rule's local time occurred twice that day (a DST fall-back) and the
    /// delivery took the first occurrence.
    package var repeatedTime: Bool
    /// The slot: the name of the `delivery.times` entry (`Mon..Fri 08:00`, or `08:00`).
    package var slot: String
    /// The names of other entries that resolved to the same instant that day and were
    /// merged into this delivery; empty as a rule.
    package var mergedSlots: [String]
    /// The entry's local time (`02:30`), which a DST note names.
    package var time: String
    /// The 1-based position of this slot among its day's deliveries.
    package var slotOfDay: Int

    package init(
        day: CivilDate, at: Int64, refreshAt: Int64, dstAdjusted: Bool, repeatedTime: Bool = false, slot: String = "",
        time: String = "", slotOfDay: Int = 1, mergedSlots: [String] = []
    ) {
        self.day = day
        self.at = at
        self.refreshAt = refreshAt
        self.dstAdjusted = dstAdjusted
        self.repeatedTime = repeatedTime
        self.slot = slot
        self.time = time
        self.slotOfDay = slotOfDay
        self.mergedSlots = mergedSlots
    }
}
