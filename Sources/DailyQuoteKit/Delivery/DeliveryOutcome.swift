/// What one run of the delivery stage did; `notify --json` prints it.
public struct DeliveryOutcome: Sendable, Codable, Equatable {
    /// `posted`, `would-post` (dry run) or `nothing-due`.
    public var result: String
    /// The planned delivery (ISO 8601); nil for `--now` and when nothing is due.
    public var planned: String?
    /// When it was posted (ISO 8601).
    public var posted: String?
    public var quote: Quote?
    public var source: String?
    /// `cache` or `fallback: ...`.
    public var reason: String?
    /// The notification server that took it.
    public var server: String?
    /// Why nothing was due.
    public var detail: String?
    /// The next planned delivery (ISO 8601).
    public var next: String?
    /// How long it waited for the person (seconds), and `timeout` when it was posted at the wait's limit.
    public var waitedSeconds: Int64?
    public var presence: String?

    public init(result: String) {
        self.result = result
    }

    /// This outcome marked as posted, as `entry` records it.
    func posted(_ entry: HistoryEntry) -> DeliveryOutcome {
        var outcome = self
        outcome.result = "posted"
        outcome.posted = entry.posted
        outcome.server = entry.server
        outcome.waitedSeconds = entry.waitedSeconds
        outcome.presence = entry.presence
        return outcome
    }
}
