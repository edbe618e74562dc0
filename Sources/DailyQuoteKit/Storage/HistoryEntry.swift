/// One line of `history.jsonl`: a notification that was posted.
public struct HistoryEntry: Sendable, Codable, Equatable {
    /// The planned delivery (ISO 8601 with offset); nil for `notify --now`.
    public var planned: String?
    /// The planned delivery as Unix seconds; nil for `notify --now`.
    public var plannedAt: Int64?
    /// The local day the delivery was planned for (`2026-03-29`); nil for `notify --now`.
    public var plannedDay: String?
    /// The slot (`delivery.times` entry, or `08:00`); nil for `notify --now` and for lines
    /// written before slots existed.
    public var slot: String?
    /// The slot's 1-based position in its day; nil where `slot` is (old lines count as 1).
    public var slotOfDay: Int?
    /// When it was posted (ISO 8601 with offset).
    public var posted: String
    public var postedAt: Int64
    public var text: String
    public var author: String
    /// Where the quote came from: the cache's source name, or `bundled`.
    public var source: String
    /// Why that quote: `cache`, or `fallback: ...`.
    public var reason: String
    /// The notification server's name (`dunst`).
    public var server: String
    /// True for a `notify --now` preview, which uses up no planned delivery and does not count
    /// for the no-repeat rule; absent for planned deliveries.
    public var now: Bool?
    /// The notification's id on the server, where it said.
    public var notificationId: UInt32?
    /// How the notification ended, where the server said so (joined from `closed.jsonl`).
    public var closedReason: NotificationCloseReason?
    /// When it ended (Unix seconds).
    public var closedAt: Int64?
    /// How long the delivery waited for the person to come back (seconds); absent when it did not wait.
    public var waitedSeconds: Int64?
    /// `timeout` when the person was still away at the wait's limit and it was posted anyway.
    public var presence: String?
    /// The buttons pressed on it, in order (joined from `actions.jsonl`).
    public var actions: [NotificationAction]?
    /// True for a quote the Another button put in place of the one shown: no day's delivery,
    /// but it counts for the no-repeat rule.
    public var another: Bool?

    public init(
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

    public var quote: Quote { Quote(text: text, author: author) }

    /// Whether this was a `notify --now` preview (older lines lack the flag, not the missing plan).
    public var isPreview: Bool { now == true || (plannedAt == nil && another != true) }

    /// Whether this entry used up a planned delivery: neither a preview nor an Another.
    public var isDelivery: Bool { !isPreview && another != true }
}
