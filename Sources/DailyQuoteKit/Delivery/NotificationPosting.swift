/// Something that posts desktop notifications: libnotify in the product (directly, or through a
/// holder process), a fake in unit tests.
public protocol NotificationPosting: Sendable {
    /// Posts `notification`, escaping its body if the server renders markup, before `deadline`.
    /// A poster that holds keeps it at most until `holdUntil` (Unix seconds).
    func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
}

/// A posted notification: the server that took it, its id there, and whether a holder keeps it.
public struct PostedNotification: Sendable, Equatable {
    public var server: NotificationServerInfo
    public var id: UInt32?
    public var held: Bool

    public init(server: NotificationServerInfo, id: UInt32?, held: Bool) {
        self.server = server
        self.id = id
        self.held = held
    }
}
