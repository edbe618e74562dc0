import SystemPackage

/// A notification a holder posted through libnotify (``LibnotifyPoster/Connection``), with its
/// buttons and its watch (``LibnotifyHold``).
final class LibnotifyHeldPost: Hold.Post {
    let notification: LibnotifyNotification
    let hold = LibnotifyHold()
    /// Kept while the notification is: libnotify is uninitialised when the last reference goes.
    private let library: LibnotifyLibrary

    init(_ notification: LibnotifyNotification, library: LibnotifyLibrary) {
        self.notification = notification
        self.library = library
    }

    var id: UInt32 { notification.id }

    func showAgain() { try? notification.show() }

    func close() { notification.close() }

    func replace(with replacement: DesktopNotification, on server: NotificationServerInfo) -> UInt32? {
        LibnotifyPoster.replace(notification, with: replacement, on: server)
    }

    func watch(
        seconds: Int64, stop: FileDescriptor?, onAction: @escaping (NotificationAction) -> Void,
        onEnd: @escaping (Hold.End) -> Void
    ) {
        hold.onAction = { identifier in
            if let action = NotificationAction(rawValue: identifier) { onAction(action) }
        }
        hold.attach(to: notification, seconds: seconds, stop: stop, onEnd: onEnd)
    }

    func end(_ end: Hold.End) { hold.end(end) }

    func detach() { hold.detach() }
}
