/// What one run of the delivery stage did, with its instants as Unix seconds.
///
/// Times become text only at the edge: ``text(zone:now:)`` for people, ``report(zone:)``
/// for `notify --json`.
package struct DeliveryOutcome: Sendable, Equatable {
    /// What happened; the raw values are what `--json` prints.
    package enum Result: String, Sendable, Codable, Equatable {
        case posted
        /// A dry run found a delivery due.
        case wouldPost = "would-post"
        case nothingDue = "nothing-due"
        /// A stop request (SIGTERM, SIGINT) ended a wait for presence; the delivery stays due.
        case stopped
        /// Posting failed (only `--json` prints this; the error says why).
        case failed
    }

    package var result: Result
    /// The planned delivery; nil for `--now` and when nothing is due.
    package var plannedAt: Int64?
    /// The planned delivery's slot (`Mon..Fri 08:00`, or `08:00`); nil where `plannedAt` is.
    package var slot: String?
    /// When it was posted.
    package var postedAt: Int64?
    package var quote: Quote?
    package var source: String?
    /// `cache` or `fallback: ...`.
    package var reason: String?
    /// The notification server that took it.
    package var server: String?
    /// Why nothing was due, or why posting failed.
    package var detail: String?
    /// The next planned delivery.
    package var nextAt: Int64?
    /// How long it waited for the person (seconds).
    package var waitedSeconds: Int64?
    /// `timeout` when it was posted at the wait's limit, the person still away.
    package var presence: String?

    package init(result: Result) {
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
    package struct Report: Encodable, Equatable, Sendable {
        package var result: Result
        package var planned: String?
        package var slot: String?
        package var posted: String?
        package var quote: Quote?
        package var source: String?
        package var reason: String?
        package var server: String?
        package var detail: String?
        package var next: String?
        package var waitedSeconds: Int64?
        package var presence: String?
    }

    /// This outcome for `--json`, its times in `zone`.
    package func report(zone: ZoneRules) -> Report {
        let format = ZonedTimeFormat(zone: zone)
        return Report(
            result: result, planned: plannedAt.map(format.iso8601), slot: slot, posted: postedAt.map(format.iso8601), quote: quote,
            source: source, reason: reason, server: server, detail: detail, next: nextAt.map(format.iso8601),
            waitedSeconds: waitedSeconds, presence: presence)
    }
}
