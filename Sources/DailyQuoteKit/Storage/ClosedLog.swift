/// `closed.jsonl` in the state directory: how held notifications ended, one line each.
///
/// The holder appends a line when the server closes its notification; the next delivery
/// appends one when it replaces the held one. `history` joins them to the history entries by
/// the notification's id and posting time.
package typealias ClosedLog = NotificationEventLog<NotificationEnd>

extension NotificationEventLog where Event == NotificationEnd {
    /// `entries` with how each notification ended, where a line says so; the first end of each wins.
    package func annotate(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        annotate(entries) { entry, ends in
            entry.closedReason = ends[0].reason
            entry.closedAt = ends[0].at
        }
    }
}
