/// `actions.jsonl` in the state directory: the buttons pressed on held notifications, one line
/// each.
///
/// The holder appends a line when it answers a button; `history` and `status` join them to the
/// history entries by the notification's id and posting time, as for ``ClosedLog``.
package typealias ActionLog = NotificationEventLog<ButtonPress>

/// One button pressed: a line of ``ActionLog``.
package struct ButtonPress: NotificationEvent, Equatable {
    package var id: UInt32
    package var postedAt: Int64
    package var action: NotificationAction
    /// When it was pressed (Unix seconds).
    package var at: Int64
}

extension NotificationEventLog where Event == ButtonPress {
    /// `entries` with the buttons pressed on each, in the order they were pressed.
    package func annotate(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        annotate(entries) { entry, pressed in entry.actions = pressed.map(\.action) }
    }
}
