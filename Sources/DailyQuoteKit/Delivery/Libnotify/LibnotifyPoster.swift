/// Posts notifications through libnotify on the session bus: a holder's (which answers the
/// buttons on the connection that posted). (A notification without a holder goes out over GDBus,
/// ``FreedesktopPoster``, and `status` asks the server there too, ``FreedesktopServer``.)
package struct LibnotifyPoster {
    package init() {}

    /// Posts `request`'s notification from this process, reports it, and, if `keep` says the
    /// server needs it (given the buttons it would offer) and `report` agrees, stays on the bus as
    /// its sender until it is closed, `request.until` passes, or `stop` becomes readable.
    ///
    /// `previous` is the live holder's marker, read before the post: the new notification replaces
    /// its quote in place. A `release` request (SIGUSR1) ends the hold without closing the notification.
    /// `letGo` runs as soon as the hold ends and its notification is closed where it is to be.
    /// `report` runs right after the `Notify` call: it gets the reply and a function that closes
    /// another notification by its id (one a killed holder left), and returns whether to hold.
    /// While it holds, it offers the request's actions where the server shows actions, and passes
    /// each press to `answer` with a function that replaces the notification in place. It runs on
    /// the calling thread, unbounded: the process that asked (`notify`) holds the deadline and ends
    /// this one if no report comes in time. Returns nil when it did not hold.
    package func postAndHold(
        _ request: HoldRequest, connected: Connection? = nil, clock: () -> Int64,
        keep: (NotificationServerInfo, [NotificationAction]) -> Bool,
        replacing previous: HoldMarker? = nil, stop: Int32?, release: Int32? = nil,
        answer: @escaping (NotificationAction, _ replace: (DesktopNotification) -> UInt32?) -> Void = { _, _ in },
        letGo: (HoldEnd) -> Void = { _ in }, report: (HoldReply, Posted) -> Bool
    ) -> HoldEnd? {
        let library: LibnotifyLibrary
        let posted: LibnotifyNotification
        let server: NotificationServerInfo
        let hold = LibnotifyHold()
        let holding: Bool
        do throws(DeliveryError) {
            let connection: Connection
            if let connected { connection = connected } else { connection = try Connection(appName: request.notification.appName) }
            library = connection.library
            server = try connection.server.get()
            let offered = server.capabilities.contains("actions") ? (request.notification.actions ?? []) : []
            holding = keep(server, offered) && request.until > clock()
            posted = try Self.make(request.notification, for: server)
            // In place of the previous holder's quote, where it is on this server: the server shows
            // the new one where the old one was (GNOME 43 shows no banner for a second one).
            if holding, let previous, previous.server == server.name, server.replacesOtherSendersNotifications {
                posted.id = previous.id
            }
            if holding { hold.offer(offered, labels: request.notification.tr, on: posted) }
            try Self.show(posted, replacingOther: previous?.id)
        } catch {
            _ = report(.failed(error), Posted(closeOther: { _ in }, showAgain: {}))
            return nil
        }
        let handle = Posted(
            closeOther: { id in
                guard id != posted.id, let other = try? LibnotifyNotification(summary: "", body: "", icon: "") else { return }
                other.id = id
                other.close()
            },
            showAgain: { try? posted.show() })
        // In place of the previous quote, its history entry is told apart by the posting time.
        var postedAt = clock()
        if let previous, previous.id == posted.id, previous.server == server.name { postedAt = max(postedAt, previous.postedAt + 1) }
        let held = report(HoldReply(server: server, id: posted.id, postedAt: postedAt, holding: holding), handle)
        guard holding, held else { return nil }
        hold.onAction = { identifier in
            guard let action = NotificationAction(rawValue: identifier) else { return }
            answer(action) { replacement in Self.replace(posted, with: replacement, on: server) }
            // Budgie took the popup away with the press: after Copy or Save nothing is left to hold.
            if server.removesPopupOnPress, action != .another { hold.end(.removedOnPress) }
        }
        return withExtendedLifetime(library) {
            let end = hold.wait(for: posted, seconds: request.until - clock(), stop: stop, release: release)
            hold.onAction = nil
            // A stop request comes from the next delivery posted without replacing this one in
            // place, or from the session ending: either way the old quote goes. A holder that
            // replaces this one waits for the lock, so it goes after the close.
            if case .stopped = end { posted.close() }
            letGo(end)
            return end
        }
    }

    /// Shows `posted`; where it was to replace `other` (another sender's notification) and the
    /// server refuses (GNOME 43: "Invalid notification ID"), as a new one instead (the previous
    /// holder then closes its own).
    static func show(_ posted: LibnotifyNotification, replacingOther other: UInt32?) throws(DeliveryError) {
        do {
            try posted.show()
        } catch  where other != nil && posted.id == other {
            posted.id = 0
            try posted.show()
        }
    }

    /// What a holder can still do with its posted notification while it takes over.
    package struct Posted {
        /// Closes another notification by its id (one a killed holder left).
        package var closeOther: (UInt32) -> Void
        /// Shows the notification again: after the quote it did not replace in place has gone
        /// (GNOME 43 shows no banner for a notification posted while another was shown).
        package var showAgain: () -> Void
    }

    /// libnotify initialised and the server asked who it is: what a holder does before its
    /// request arrives (a holder `notify` starts ahead of time, while it decides what to post).
    package final class Connection: Sendable {
        let library: LibnotifyLibrary
        /// The server's answer, or why there is none (reported once the request has come).
        let server: Result<NotificationServerInfo, DeliveryError>

        package init(appName: String = "dailyquote") throws(DeliveryError) {
            let library = try LibnotifyLibrary(appName: appName)
            self.library = library
            server = Result { () throws(DeliveryError) -> NotificationServerInfo in try library.serverInfo() }
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
