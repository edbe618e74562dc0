/// Something that posts desktop notifications: libnotify in the product (directly, or through a
/// holder process), a fake in unit tests.
package protocol NotificationPosting: Sendable {
    /// Posts `notification`, escaping its body if the server renders markup, before `deadline`.
    /// A poster that holds keeps it at most until `holdUntil` (Unix seconds).
    func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
}

/// A posted notification: the server that took it, its id there, and whether a holder keeps it.
package struct PostedNotification: Sendable, Equatable {
    package var server: NotificationServerInfo
    package var id: UInt32?
    package var held: Bool

    package init(server: NotificationServerInfo, id: UInt32?, held: Bool) {
        self.server = server
        self.id = id
        self.held = held
    }
}
