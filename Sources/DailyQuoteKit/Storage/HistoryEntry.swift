/// One line of `history.jsonl`: a notification that was posted.
///
/// A quote without an author has no `author` key (lines written before had `"author": ""`,
/// which reads the same).
package struct HistoryEntry: Sendable, Codable, Equatable {
    /// The planned delivery (ISO 8601 with offset); nil for `notify --now`.
    package var planned: String?
    /// The planned delivery as Unix seconds; nil for `notify --now`.
    package var plannedAt: Int64?
    /// The local day the delivery was planned for (`2026-03-29`); nil for `notify --now`.
    package var plannedDay: String?
    /// The slot (`delivery.times` entry, or `08:00`); nil for `notify --now` and for lines
    /// written before slots existed.
    package var slot: String?
    /// The slot's 1-based position in its day; nil where `slot` is (old lines count as 1).
    package var slotOfDay: Int?
    /// When it was posted (ISO 8601 with offset).
    package var posted: String
    package var postedAt: Int64
    package var text: String
    /// The author; empty for none, which the JSON leaves out.
    @OmittedWhenEmpty package var author: String
    /// Where the quote came from: the cache's source name, or `bundled`.
    package var source: String
    /// Why that quote: `cache`, or `fallback: ...`.
    package var reason: String
    /// The notification server's name (`dunst`).
    package var server: String
    /// True for a `notify --now` preview, which uses up no planned delivery and does not count
    /// for the no-repeat rule; absent for planned deliveries.
    package var now: Bool?
    /// The notification's id on the server, where it said.
    package var notificationId: UInt32?
    /// How it was posted (`gnome`, `holder`, `freedesktop`); absent on lines written before
    /// paths were recorded.
    package var path: PostingPath?
    /// How the notification ended, where the server said so (joined from `closed.jsonl`).
    package var closedReason: NotificationCloseReason?
    /// When it ended (Unix seconds).
    package var closedAt: Int64?
    /// How long the delivery waited for the person to come back (seconds); absent when it did not wait.
    package var waitedSeconds: Int64?
    /// `timeout` when the person was still away at the wait's limit and it was posted anyway.
    package var presence: String?
    /// The buttons pressed on it, in order (joined from `actions.jsonl`).
    package var actions: [NotificationAction]?
    /// The presses whose work was not done, with why (joined from `actions.jsonl`); absent when none failed.
    package var failedActions: [FailedAction]?
    /// True for a quote the Another button put in place of the one shown: no day's delivery,
    /// but it counts for the no-repeat rule.
    package var another: Bool?

    package init(
        planned: String?, plannedAt: Int64?, plannedDay: String?, posted: String, postedAt: Int64, quote: Quote,
        source: String, reason: String, server: String
    ) {
        self.planned = planned
        self.plannedAt = plannedAt
        self.plannedDay = plannedDay
        self.posted = posted
        self.postedAt = postedAt
        self.text = quote.text
        self.author = quote.author
        self.source = source
        self.reason = reason
        self.server = server
    }

    package var quote: Quote { Quote(text: text, author: author) }

    /// The numeric id GNOME's events are recorded under: its ids are strings, and there is only one.
    package static let gnomeEventId: UInt32 = 0

    /// The id its events (`closed.jsonl`, `actions.jsonl`) are recorded under: the server's, or
    /// on the GNOME path ``gnomeEventId``.
    package var eventId: UInt32? { notificationId ?? (path == .gnome ? Self.gnomeEventId : nil) }

    /// Whether this was a `notify --now` preview (older lines lack the flag, not the missing plan).
    package var isPreview: Bool { now == true || (plannedAt == nil && another != true) }

    /// Whether this entry used up a planned delivery: neither a preview nor an Another.
    package var isDelivery: Bool { !isPreview && another != true }
}
