/// A button whose work was not done (a Copy without a clipboard, a Save that could not write),
/// and why: what `history`, `status` and `doctor` show instead of a silent success.
package struct FailedAction: Sendable, Codable, Equatable {
    package var action: NotificationAction
    /// One short line: the tool's or the file's error.
    package var reason: String

    package init(action: NotificationAction, reason: String) {
        self.action = action
        self.reason = reason
    }

    /// `copy failed: wl-copy failed: exit status 1`, as the history and the log say it.
    package var description: String { "\(action.rawValue) failed: \(reason)" }
}
