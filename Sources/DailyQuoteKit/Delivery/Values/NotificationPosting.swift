import DailyQuoteSystem

/// Something that posts desktop notifications: GNOME's own interface, libnotify (directly, or
/// through a holder process), a fake in unit tests.
package protocol NotificationPosting: Sendable {
    /// Posts `notification`, escaping its body if the server renders markup, before `deadline`.
    /// A poster that holds keeps it at most until `holdUntil` (Unix seconds).
    func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
}

/// A posted notification: the server that took it, its id there, whether a holder keeps it, and
/// the path it took.
package struct PostedNotification: Sendable, Equatable {
    package var server: NotificationServerInfo
    package var id: UInt32?
    package var held: Bool
    /// How it was posted; nil where the poster did not say (fakes).
    package var path: PostingPath?
    /// The posting time the poster gave the notification itself, if it did.
    ///
    /// Its buttons name it, so the history must record this one. Nil where the stage's clock
    /// decides.
    package var postedAt: Int64?

    package init(server: NotificationServerInfo, id: UInt32?, held: Bool, path: PostingPath? = nil, postedAt: Int64? = nil) {
        self.server = server
        self.id = id
        self.held = held
        self.path = path
        self.postedAt = postedAt
    }
}
