/// Something that posts desktop notifications: libnotify in the product, a fake in unit tests.
public protocol NotificationPosting: Sendable {
    /// Posts `notification`, escaping its body if the server renders markup, within `deadline`
    /// seconds. Returns the server that took it.
    func post(_ notification: DesktopNotification, deadline: Double) throws(DeliveryError) -> NotificationServerInfo
}
