/// The JSON document of `dailyquote schedule --json`.
///
/// Its field names are a contract.
package struct ScheduleReport: Sendable, Codable, Equatable {
    /// One planned delivery; `at` and `refreshAt` carry the local offset, `utc` ends in `Z`.
    ///
    /// `slot` names the `delivery.times` entry as written in the config (`Mon..Fri 08:00`), or
    /// `08:00` for `hour`/`minute`; `mergedSlots` lists other entries that fell on the same
    /// instant that day (present only then).
    package struct Delivery: Sendable, Codable, Equatable {
        package var at: String
        package var utc: String
        package var dstAdjusted: Bool
        package var refreshAt: String
        package var slot: String
        package var mergedSlots: [String]?

        package init(at: String, utc: String, dstAdjusted: Bool, refreshAt: String, slot: String, mergedSlots: [String]? = nil) {
            self.at = at
            self.utc = utc
            self.dstAdjusted = dstAdjusted
            self.refreshAt = refreshAt
            self.slot = slot
            self.mergedSlots = mergedSlots
        }
    }

    package var timeZone: String
    package var deliveries: [Delivery]
}
