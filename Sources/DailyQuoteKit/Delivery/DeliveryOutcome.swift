/// What one run of the delivery stage did, with its instants as Unix seconds.
///
/// Times become text only at the edge: ``text(zone:now:)`` for people, ``report(zone:)``
/// for `notify --json`.
public struct DeliveryOutcome: Sendable, Equatable {
    /// What happened; the raw values are what `--json` prints.
    public enum Result: String, Sendable, Codable, Equatable {
        case posted
        /// A dry run found a delivery due.
        case wouldPost = "would-post"
        case nothingDue = "nothing-due"
        /// A stop request (SIGTERM, SIGINT) ended a wait for presence; the delivery stays due.
        case stopped
        /// Posting failed (only `--json` prints this; the error says why).
        case failed
    }

    public var result: Result
    /// The planned delivery; nil for `--now` and when nothing is due.
    public var plannedAt: Int64?
    /// The planned delivery's slot (`Mon..Fri 08:00`, or `08:00`); nil where `plannedAt` is.
    public var slot: String?
    /// When it was posted.
    public var postedAt: Int64?
    public var quote: Quote?
    public var source: String?
    /// `cache` or `fallback: ...`.
    public var reason: String?
    /// The notification server that took it.
    public var server: String?
    /// Why nothing was due, or why posting failed.
    public var detail: String?
    /// The next planned delivery.
    public var nextAt: Int64?
    /// How long it waited for the person (seconds).
    public var waitedSeconds: Int64?
    /// `timeout` when it was posted at the wait's limit, the person still away.
    public var presence: String?

    public init(result: Result) {
        self.result = result
    }

    /// This outcome marked as posted, as `entry` records it.
    func posted(_ entry: HistoryEntry) -> DeliveryOutcome {
        var outcome = self
        outcome.result = .posted
        outcome.postedAt = entry.postedAt
        outcome.server = entry.server
        outcome.waitedSeconds = entry.waitedSeconds
        outcome.presence = entry.presence
        return outcome
    }

    /// The object `notify --json` prints: instants as ISO 8601 in `zone`, with their offset.
    public struct Report: Encodable, Equatable, Sendable {
        public var result: Result
        public var planned: String?
        public var slot: String?
        public var posted: String?
        public var quote: Quote?
        public var source: String?
        public var reason: String?
        public var server: String?
        public var detail: String?
        public var next: String?
        public var waitedSeconds: Int64?
        public var presence: String?
    }

    /// This outcome for `--json`, its times in `zone`.
    public func report(zone: ZoneRules) -> Report {
        let format = ZonedTimeFormat(zone: zone)
        return Report(
            result: result, planned: plannedAt.map(format.iso8601), slot: slot, posted: postedAt.map(format.iso8601), quote: quote,
            source: source, reason: reason, server: server, detail: detail, next: nextAt.map(format.iso8601),
            waitedSeconds: waitedSeconds, presence: presence)
    }
}
