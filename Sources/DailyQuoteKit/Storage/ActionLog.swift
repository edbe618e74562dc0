/// `actions.jsonl` in the state directory: the buttons pressed on held notifications, one line
/// each.
///
/// The holder appends a line when it answers a button; `history` and `status` join them to the
/// history entries by the notification's id and posting time, as for ``ClosedLog``.
package struct ActionLog: Sendable {
    /// One button pressed.
    package struct Record: NotificationEvent, Equatable {
        package var id: UInt32
        package var postedAt: Int64
        package var action: NotificationAction
        /// When it was pressed (Unix seconds).
        package var at: Int64
    }

    private let log: NotificationEventLog<Record>

    /// ``AppPaths/actionLog``.
    package init(path: String) {
        log = NotificationEventLog(path: path)
    }

    package var path: String { log.path }

    /// Appends `record`.
    package func append(_ record: Record) throws { try log.append(record) }

    /// The actions of each notification, by its join key, in the order they were pressed.
    package func actions() -> [String: [NotificationAction]] {
        log.eventsByNotification().mapValues { $0.map(\.action) }
    }

    /// `entries` with the actions pressed on each.
    package func annotate(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        log.annotate(entries) { entry, pressed in entry.actions = pressed.map(\.action) }
    }
}
