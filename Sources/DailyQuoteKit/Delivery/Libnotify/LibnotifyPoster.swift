/// Posts notifications through libnotify on the session bus, under a deadline.
public struct LibnotifyPoster: NotificationPosting {
    public init() {}

    /// Posts from this process, which does not hold: `holdUntil` is not used.
    public func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        try Self.underDeadline(deadline) { () throws(DeliveryError) -> PostedNotification in
            let library = try LibnotifyLibrary(appName: notification.appName)
            let server = try library.serverInfo()
            let posted = try Self.make(notification, for: server)
            try posted.show()
            return PostedNotification(server: server, id: posted.id, held: false)
        }
    }

    /// Posts from this process before `deadline`, unless the server needs a holder.
    ///
    /// Returns nil, with nothing posted, when `needsHolder` says the server needs one.
    /// Asking first keeps the common case (a server that shows a banner and keeps nothing) as
    /// quick as posting directly: no second process on the way to the `Notify` call.
    public func postUnlessHeld(
        _ notification: DesktopNotification, deadline: Deadline, needsHolder: @escaping @Sendable (NotificationServerInfo) -> Bool
    ) throws(DeliveryError) -> PostedNotification? {
        try Self.underDeadline(deadline) { () throws(DeliveryError) -> PostedNotification? in
            let library = try LibnotifyLibrary(appName: notification.appName)
            let server = try library.serverInfo()
            guard !needsHolder(server) else { return nil }
            let posted = try Self.make(notification, for: server)
            try posted.show()
            return PostedNotification(server: server, id: posted.id, held: false)
        }
    }

    /// The notification server's name, version and capabilities, asked before `deadline`.
    public func serverInfo(deadline: Deadline) throws(DeliveryError) -> NotificationServerInfo {
        try Self.underDeadline(deadline) { () throws(DeliveryError) -> NotificationServerInfo in
            try LibnotifyLibrary(appName: "dailyquote").serverInfo()
        }
    }

    /// Posts `request`'s notification from this process, reports it, and, if `keep` says the
    /// server needs it, stays on the bus as its sender until it is closed, `request.until`
    /// passes, or a stop signal comes.
    ///
    /// It runs on the calling thread, unbounded: the process that asked (`notify`) holds the
    /// deadline and ends this one if no report comes in time. Returns nil when it did not hold.
    public func postAndHold(
        _ request: HoldRequest, clock: () -> Int64, keep: (NotificationServerInfo) -> Bool, report: (HoldReply) -> Void
    ) -> HoldEnd? {
        let library: LibnotifyLibrary
        let posted: LibnotifyNotification
        let server: NotificationServerInfo
        do {
            library = try LibnotifyLibrary(appName: request.notification.appName)
            server = try library.serverInfo()
            posted = try Self.make(request.notification, for: server)
            if let replaces = request.replaces { posted.id = replaces }
            try posted.show()
        } catch {
            report(.failed(error))
            return nil
        }
        let now = clock()
        let holding = keep(server) && request.until > now
        report(HoldReply(server: server, id: posted.id, postedAt: now, holding: holding))
        guard holding else { return nil }
        return withExtendedLifetime(library) {
            let end = LibnotifyHold().wait(for: posted, seconds: request.until - clock())
            // A stop request comes from the next delivery, which replaces this one, or from the
            // session ending: either way the old quote goes.
            if case .stopped = end { posted.close() }
            return end
        }
    }

    /// The libnotify object for `notification`, its body escaped if `server` renders markup.
    private static func make(
        _ notification: DesktopNotification, for server: NotificationServerInfo
    ) throws(DeliveryError) -> LibnotifyNotification {
        let body = server.rendersBodyMarkup ? MarkupEscaper.escape(notification.body) : notification.body
        let posted = try LibnotifyNotification(summary: notification.summary, body: body, icon: notification.icon)
        posted.configure(
            appName: notification.appName, urgency: notification.urgency, expireMilliseconds: notification.expireMilliseconds,
            desktopEntry: notification.desktopEntry)
        return posted
    }

    /// Runs all the D-Bus work of one call on one thread, giving up at `deadline`.
    private static func underDeadline<T: Sendable>(
        _ deadline: Deadline, _ work: @escaping @Sendable () throws(DeliveryError) -> T
    ) throws(DeliveryError) -> T {
        let seconds = deadline.secondsLeft
        guard let result = BlockingDeadline.run(seconds: seconds, work) else {
            throw .timedOut(seconds: Int64(seconds.rounded(.up)))
        }
        return try result.get()
    }
}
