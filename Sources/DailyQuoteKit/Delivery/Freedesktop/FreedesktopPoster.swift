/// Posts notifications without buttons on the freedesktop interface from this process, over
/// GDBus, under a deadline (a notification with buttons goes to a holder, which posts with
/// libnotify and answers them).
package struct FreedesktopPoster: NotificationPosting, DirectPosting {
    /// The connection and the server's answers, asked ahead (``connectingAhead()``); nil asks
    /// when posting.
    package var connecting: StartedWork<FreedesktopServer, DeliveryError>?

    package init(connecting: StartedWork<FreedesktopServer, DeliveryError>? = nil) {
        self.connecting = connecting
    }

    /// A poster that connects now, on its own thread, and asks the server who it is, so that
    /// the post finds both ready (`notify` decides what to post meanwhile, on the other core).
    package static func connectingAhead() -> FreedesktopPoster {
        // Here, not on the thread: it may set an environment variable.
        SessionBus.settleAddress()
        return FreedesktopPoster(connecting: StartedWork { () throws(DeliveryError) -> FreedesktopServer in try FreedesktopServer() })
    }

    /// The server's answers asked ahead, if they came not long ago.
    ///
    /// Nil where nothing was asked ahead or the asking failed (the holder, or a post, then asks
    /// again). Throws ``DeliveryError/timedOut(seconds:)`` when they have not come before
    /// `deadline`: a frozen server, which nothing after this would get an answer from either.
    package func answersAhead(before deadline: Deadline) throws(DeliveryError) -> FreedesktopServer.Answers? {
        guard let connecting else { return nil }
        let seconds = deadline.secondsLeft
        guard let ahead = connecting.wait(seconds: seconds) else { throw .timedOut(seconds: Int64(seconds.rounded(.up))) }
        return Self.usable(ahead)?.answers
    }

    /// Posts from this process, which does not hold: `holdUntil` is not used.
    package func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        // needsHolder never says yes, so there is always a post.
        // swift-format-ignore: NeverForceUnwrap
        try postUnlessHeld(notification, deadline: deadline, needsHolder: { _ in false })!
    }

    /// Posts from this process before `deadline`, unless the server needs a holder.
    ///
    /// Returns nil, with nothing posted, when `needsHolder` says the server needs one.
    /// Asking first keeps the common case (a server that shows a banner and keeps nothing) as
    /// quick as posting directly: no second process on the way to the `Notify` call.
    package func postUnlessHeld(
        _ notification: DesktopNotification, deadline: Deadline, needsHolder: @escaping @Sendable (NotificationServerInfo) -> Bool
    ) throws(DeliveryError) -> PostedNotification? {
        if let connecting {
            let seconds = deadline.secondsLeft
            guard let ahead = connecting.wait(seconds: seconds) else { throw .timedOut(seconds: Int64(seconds.rounded(.up))) }
            // Connected: `Notify` has a timeout of its own, so it needs no thread of its own.
            if let server = Self.usable(ahead) {
                return try Self.post(notification, on: server, deadline: deadline, needsHolder: needsHolder)
            }
        }
        // Connecting has none (a frozen bus would hold it forever): on a thread, under the deadline.
        return try BlockingDeadline.run(before: deadline) { () throws(DeliveryError) -> PostedNotification? in
            try Self.post(notification, on: try FreedesktopServer(), deadline: deadline, needsHolder: needsHolder)
        }
    }

    /// Posts `notification` on `server`, unless `needsHolder` says the server needs a holder.
    private static func post(
        _ notification: DesktopNotification, on server: FreedesktopServer, deadline: Deadline,
        needsHolder: (NotificationServerInfo) -> Bool
    ) throws(DeliveryError) -> PostedNotification? {
        guard !needsHolder(server.info) else { return nil }
        let id = try server.notify(notification, deadline: deadline)
        return PostedNotification(server: server.info, id: id, held: false)
    }

    /// The server asked ahead, if it answered and not long ago; else nil, to ask again.
    ///
    /// A delivery may wait for the person for hours after `notify` started (the presence
    /// wait): by then the server may have been replaced, or have come up since it was missing.
    static func usable(_ ahead: Result<FreedesktopServer, DeliveryError>?) -> FreedesktopServer? {
        guard case .success(let server)? = ahead, isFresh(askedAt: server.askedAt, now: .now) else { return nil }
        return server
    }

    /// Whether answers given at `askedAt` are still used at `now`.
    static func isFresh(askedAt: ContinuousClock.Instant, now: ContinuousClock.Instant) -> Bool {
        askedAt.duration(to: now) < freshFor
    }

    /// How long the server's answers asked ahead are used.
    static let freshFor = Duration.seconds(30)
}
