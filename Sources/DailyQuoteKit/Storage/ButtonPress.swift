/// One button pressed: a line of ``ActionLog``.
package struct ButtonPress: NotificationEvent, Equatable {
    package var id: UInt32
    package var postedAt: Int64
    package var action: NotificationAction
    /// When it was pressed (Unix seconds).
    package var at: Int64
    /// Why the button's work was not done (`wl-copy failed: exit status 1`); absent when it was.
    package var failure: String?

    package init(id: UInt32, postedAt: Int64, action: NotificationAction, at: Int64, failure: String? = nil) {
        self.id = id
        self.postedAt = postedAt
        self.action = action
        self.at = at
        self.failure = failure
    }
}
