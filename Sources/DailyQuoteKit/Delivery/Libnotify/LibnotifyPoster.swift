/// Posts notifications through libnotify on the session bus: a holder's (``Connection``, which
/// answers the buttons on the connection that posted). (A notification without a holder goes out
/// over GDBus, ``FreedesktopPoster``, and `status` asks the server there too, ``FreedesktopServer``.)
package struct LibnotifyPoster {
    package init() {}

    /// libnotify initialised and the server asked who it is, for the holder's rules (``HoldStage``) to post through.
    ///
    /// A holder makes it before its request arrives (one `notify` starts ahead of time, while it decides what to post).
    package final class Connection: Hold.Poster, Sendable {
        let library: LibnotifyLibrary
        /// The server's answer, or why there is none (reported once the request has come).
        private let answer: Result<NotificationServerInfo, DeliveryError>

        /// Connects and asks the server now.
        package init(appName: String = "dailyquote") throws(DeliveryError) {
            let library = try LibnotifyLibrary(appName: appName)
            self.library = library
            answer = Result { () throws(DeliveryError) -> NotificationServerInfo in try library.serverInfo() }
        }

        package func server() throws(DeliveryError) -> NotificationServerInfo {
            try answer.get()
        }

        package func post(
            _ notification: DesktopNotification, offering actions: [NotificationAction], on server: NotificationServerInfo
        ) throws(DeliveryError) -> any Hold.Post {
            let posted = LibnotifyHeldPost(try LibnotifyPoster.make(notification, for: server), library: library)
            posted.hold.offer(actions, labels: notification.tr, on: posted.notification)
            try posted.notification.show()
            return posted
        }

        package func close(_ id: UInt32) {
            guard let other = try? LibnotifyNotification(summary: "", body: "", icon: "") else { return }
            other.id = id
            other.close()
        }
    }

    /// Shows `replacement` in place of `posted` (a new popup where the server removed the old
    /// one with the press) and answers the id it is shown under, or nil if the server refused it.
    static func replace(
        _ posted: LibnotifyNotification, with replacement: DesktopNotification, on server: NotificationServerInfo
    ) -> UInt32? {
        posted.update(
            summary: replacement.summary,
            body: server.body(replacement.body), icon: replacement.icon)
        if server.removesPopupOnPress { posted.id = 0 }
        do {
            try posted.show()
            return posted.id
        } catch {
            return nil
        }
    }

    /// The libnotify object for `notification`, its body escaped if `server` renders markup.
    static func make(
        _ notification: DesktopNotification, for server: NotificationServerInfo
    ) throws(DeliveryError) -> LibnotifyNotification {
        let posted = try LibnotifyNotification(summary: notification.summary, body: server.body(notification.body), icon: notification.icon)
        posted.configure(
            appName: notification.appName, urgency: notification.urgency, expireMilliseconds: notification.expireMilliseconds,
            desktopEntry: notification.desktopEntry)
        return posted
    }
}
