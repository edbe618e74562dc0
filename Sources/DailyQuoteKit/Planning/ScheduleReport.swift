/// The JSON document of `dailyquote schedule --json`.
///
/// Its field names are a contract.
public struct ScheduleReport: Sendable, Codable, Equatable {
    /// One planned delivery; `at` and `refreshAt` carry the local offset, `utc` ends in `Z`.
    public struct Delivery: Sendable, Codable, Equatable {
        public var at: String
        public var utc: String
        public var dstAdjusted: Bool
        public var refreshAt: String
    }

    public var timeZone: String
    public var deliveries: [Delivery]
}
