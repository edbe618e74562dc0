/// `closed.jsonl` in the state directory: how held notifications ended, one line each.
///
/// The holder appends a line when the server closes its notification; the next delivery
/// appends one when it replaces the held one. `history` joins them to the history entries by
/// the notification's id and posting time.
package struct ClosedLog: Sendable {
    /// One notification's end.
    package struct Record: NotificationEvent, Equatable {
        package var id: UInt32
        package var postedAt: Int64
        package var reason: NotificationCloseReason?
        /// When it ended (Unix seconds).
        package var at: Int64
    }

    private let log: NotificationEventLog<Record>

    /// ``AppPaths/closedLog``.
    package init(path: String) {
        log = NotificationEventLog(path: path)
    }

    package var path: String { log.path }

    /// Appends `record`.
    package func append(_ record: Record) throws { try log.append(record) }

    /// Every record, by notification id and posting time; the first end of each wins.
    package func records() -> [String: Record] {
        log.eventsByNotification().compactMapValues(\.first)
    }

    /// `entries` with how each notification ended, where a record says so.
    package func annotate(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        log.annotate(entries) { entry, ends in
            entry.closedReason = ends[0].reason
            entry.closedAt = ends[0].at
        }
    }
}
