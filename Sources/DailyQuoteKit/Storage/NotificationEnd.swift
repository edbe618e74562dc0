/// One held notification's end: a line of ``ClosedLog``.
package struct NotificationEnd: NotificationEvent, Equatable {
    package var id: UInt32
    package var postedAt: Int64
    package var reason: NotificationCloseReason?
    /// When it ended (Unix seconds).
    package var at: Int64
}
