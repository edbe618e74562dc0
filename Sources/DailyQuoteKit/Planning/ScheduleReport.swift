/// The JSON document of `dailyquote schedule --json`.
///
/// Its field names are a contract.
public struct ScheduleReport: Sendable, Codable, Equatable {
    /// One planned delivery; `at` and `refreshAt` carry the local offset, `utc` ends in `Z`.
    ///
    /// `slot` names the `delivery.times` entry as written in the config (`Mon..Fri 08:00`), or
    /// `08:00` for `hour`/`minute`; `mergedSlots` lists other entries that fell on the same
    /// instant that day (present only then).
    public struct Delivery: Sendable, Codable, Equatable {
        public var at: String
        public var utc: String
        public var dstAdjusted: Bool
        public var refreshAt: String
        public var slot: String
        public var mergedSlots: [String]?

        public init(at: String, utc: String, dstAdjusted: Bool, refreshAt: String, slot: String, mergedSlots: [String]? = nil) {
            self.at = at
            self.utc = utc
            self.dstAdjusted = dstAdjusted
            self.refreshAt = refreshAt
            self.slot = slot
            self.mergedSlots = mergedSlots
        }
    }

    public var timeZone: String
    public var deliveries: [Delivery]
}
