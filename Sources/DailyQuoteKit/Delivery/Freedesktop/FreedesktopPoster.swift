import DailyQuoteSystem

/// Posts notifications without buttons on the freedesktop interface from this process, over
/// GDBus, under a deadline (a notification with buttons goes to a holder, which posts with
/// libnotify and answers them).
package struct FreedesktopPoster: NotificationPosting, DirectPosting {
    /// Whether ``ask(before:)`` asks the server and the bus before the post.
    ///
    /// A live `notify` off GNOME Shell asks, so that no `AddNotification` goes to a name nobody
    /// owns. Elsewhere (GNOME Shell, `run`) the GNOME post itself finds out.
    package var asksFirst: Bool

    package init(asksFirst: Bool = false) {
        self.asksFirst = asksFirst
    }

    /// Connects and asks the server and the bus, in one round trip, on the calling thread's
    /// time (the connection has no timeout of its own: on a thread, under `deadline`); the
    /// connection is kept for the post that follows.
    ///
    /// Nil where it does not ask first, or the asking failed (no bus, no server: the GNOME post
    /// or the holder then find out). Throws ``DeliveryError/timedOut(seconds:)`` when no answer
    /// came before `deadline`: a frozen server, which nothing after this would get one from either.
    package func ask(before deadline: Deadline) throws(DeliveryError) -> AskedServer? {
        guard asksFirst else { return nil }
        // Here, not on the thread: it may set an environment variable.
        SessionBus.settleAddress()
        do {
            let server = try BlockingDeadline.run(before: deadline) { () throws(DeliveryError) -> FreedesktopServer in
                try FreedesktopServer()
            }
            return AskedServer(answers: server.answers, connection: server)
        } catch .timedOut(let seconds) {
            throw .timedOut(seconds: seconds)
        } catch {
            return nil
        }
    }

    /// Posts from this process, which does not hold: `holdUntil` is not used.
    package func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        // needsHolder never says yes, so there is always a post.
        // swift-format-ignore: NeverForceUnwrap
        try postUnlessHeld(notification, asked: nil, deadline: deadline, needsHolder: { _ in false })!
    }

    /// Posts from this process before `deadline`, unless the server needs a holder.
    ///
    /// Returns nil, with nothing posted, when `needsHolder` says the server needs one.
    /// Asking first keeps the common case (a server that shows a banner and keeps nothing) as
    /// quick as posting directly: no second process on the way to the `Notify` call.
    package func postUnlessHeld(
        _ notification: DesktopNotification, asked: AskedServer?, deadline: Deadline,
        needsHolder: @escaping @Sendable (NotificationServerInfo) -> Bool
    ) throws(DeliveryError) -> PostedNotification? {
        // Connected: `Notify` has a timeout of its own, so it needs no thread of its own.
        if let server = asked?.connection {
            return try Self.post(notification, on: server, deadline: deadline, needsHolder: needsHolder)
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
}
