/// `actions.jsonl` in the state directory: the buttons pressed on held notifications, one line
/// each.
///
/// The holder appends a line when it answers a button; `history` and `status` join them to the
/// history entries by the notification's id and posting time, as for ``ClosedLog``.
package typealias ActionLog = NotificationEventLog<ButtonPress>

extension NotificationEventLog where Event == ButtonPress {
    /// `entries` with the buttons pressed on each, in the order they were pressed.
    package func annotate(_ entries: [HistoryEntry]) -> [HistoryEntry] {
        annotate(entries) { entry, pressed in
            entry.actions = pressed.map(\.action)
            let failed = pressed.compactMap { press in press.failure.map { FailedAction(action: press.action, reason: $0) } }
            entry.failedActions = failed.isEmpty ? nil : failed
        }
    }
}
