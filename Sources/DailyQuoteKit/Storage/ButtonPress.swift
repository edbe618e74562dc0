/// One button pressed: a line of ``ActionLog``.
package struct ButtonPress: NotificationEvent, Equatable {
    package var id: UInt32
    package var postedAt: Int64
    package var action: NotificationAction
    /// When it was pressed (Unix seconds).
    package var at: Int64
}
