import DailyQuoteSystem
import FoundationEssentials
import Logging
import SystemPackage

/// The holder's rules, for `dailyquote hold` (``serve(_:logger:assemble:)``), which `notify` and `run`
/// start alike: posts the notification it is handed, reports it,
/// and, on a server that keeps notifications or shows its buttons, stays as its sender until it
/// is closed, the hold ends, or the next delivery replaces it (as a new notification).
///
/// The `Notify` call comes first; everything else follows it: taking over from the previous holder (``HoldStage/Takeover``: `hold.lock`),
/// moving out of the notify service into a scope of its own (``UserScope``), the marker
/// `hold.json`, and only then the reply to `notify`, which waits for it before it exits (the
/// service's stop would kill a holder still inside it). A holder that cannot have the lock,
/// its scope and its marker does not hold at all. Stop requests are heard from before the post
/// (a ``SignalSubscription``, made by the caller): one that comes while it posts closes the notification
/// as soon as it is shown. It records how the notification ended in `closed.jsonl`.
///
/// The posting itself is ``Hold/Poster``'s (libnotify; a fake in the tests).
package struct HoldStage: Sendable {
    package var paths: AppPaths
    package var clock: @Sendable () -> Int64
    package var logger: Logger
    /// Answers the notification's buttons; nil offers none.
    package var answerer: ActionAnswerer?
    /// Where a holder inside a systemd service moves to; nil stays where it is.
    package var scope: UserScope?
    /// How long the previous holder has to let go of `hold.lock` (``HoldStage/Takeover/grace``).
    package var grace: Int64 = 2

    package init(
        paths: AppPaths, clock: @escaping @Sendable () -> Int64, logger: Logger, answerer: ActionAnswerer? = nil, scope: UserScope? = nil
    ) {
        self.paths = paths
        self.clock = clock
        self.logger = logger
        self.answerer = answerer
        self.scope = scope
    }

    /// Whether a notification on `server`, offering `actions`, needs a holder to stay while it
    /// is shown: as the ``PostingPlan`` decides.
    package static func needsHolder(_ server: NotificationServerInfo, offering actions: [NotificationAction] = []) -> Bool {
        PostingPlan.decide(hold: true, offered: actions, gnomeOwned: false, desktopEntry: nil, server: server).path == .holder
    }

    /// One held notification: what it shows and the lock that makes its marker live.
    ///
    /// Touched only on the thread that runs the default main context.
    package final class Held {
        package let posted: any Hold.Post
        package let server: NotificationServerInfo
        /// What is shown now (an Another quote replaces it), with its history entry's key.
        package fileprivate(set) var shown: ActionAnswerer.Shown
        /// When the hold ends at the latest (Unix seconds).
        package let until: Int64
        /// `hold.lock`, until the hold ends.
        fileprivate var lock: FileLock?

        fileprivate init(posted: any Hold.Post, server: NotificationServerInfo, shown: ActionAnswerer.Shown, until: Int64, lock: FileLock) {
            (self.posted, self.server, self.shown, self.until, self.lock) = (posted, server, shown, until, lock)
        }

        /// Whether it still has `hold.lock` (its hold has not ended).
        package var isHolding: Bool { lock != nil }
    }

    /// Why a holder asked to stop (SIGTERM, SIGINT) before it held its quote answers that it
    /// posted nothing: it posted nothing, or closed what it posted; the delivery stays due.
    package static let stoppedBeforeHolding = "the holder was stopped before it held the notification"

    /// The holder process's run: posts and holds `request`, and returns how the hold ended
    /// (nil when it did not hold).
    ///
    /// `report` gets the one reply for `notify`, once the notification is posted and, if it is
    /// held, marked and out of the notify service. `stop` is the process's SIGTERM and SIGINT:
    /// one that came before the quote is held means nothing stays posted (``stoppedBeforeHolding``),
    /// one that comes later closes it. `connect` gives the connection to the
    /// server (the holder process's libnotify, perhaps made ahead on another thread); it is
    /// called only once the previous holder's marker is read. The hold runs a GLib main loop on
    /// this thread.
    package func run<Connection: Hold.Poster>(
        _ request: Hold.Request, connect: () throws(DeliveryError) -> Connection, stop: SignalSubscription?,
        report: (Hold.Reply) -> Void
    ) -> Hold.End? {
        let stopped = { stop?.received ?? false }
        // Read before the post: the holder of the quote the new one replaces.
        let previous = Marker.live(in: paths)
        let connection: Connection
        do throws(DeliveryError) {
            connection = try connect()
        } catch {
            report(.failed(error))
            return nil
        }
        // Stopped at birth: nothing is posted.
        guard !stopped() else {
            report(.failed(.failed(Self.stoppedBeforeHolding)))
            return .stopped
        }
        let (reply, held) = post(request, through: connection, previous: previous, stopped: stopped)
        if let held, stopped() {
            // Stopped while it took over: the quote goes before `notify` is told it is held.
            finish(.stopped, of: held)
            report(.failed(.failed(Self.stoppedBeforeHolding)))
            return .stopped
        }
        report(reply)
        guard let held else { return stopped() ? .stopped : nil }
        let loop = GioMainLoop()
        var end: Hold.End?
        watch(held, stop: stop?.descriptor) {
            end = $0
            loop.quit()
        }
        loop.run()
        return withExtendedLifetime(connection) { end }
    }

    /// Posts `request` through `poster` and takes the hold where the server needs one.
    ///
    /// The new quote is a new notification. Once it is shown, the last one goes: the previous
    /// holder's (`previous`, its marker read before the post), whose holder is asked to close it
    /// (``takeOver(from:for:through:on:)``).
    /// Where `stopped` says so once the `Notify` call returns, the new quote is closed at once and
    /// the last one stays (the reply says nothing is held: ``stoppedBeforeHolding``).
    /// Returns the reply for `notify`, and the hold (nil when it does not hold), not yet watched
    /// (``watch(_:stop:ended:)``).
    package func post(
        _ request: Hold.Request, through poster: some Hold.Poster, previous: Marker?,
        stopped: () -> Bool = { false }
    ) -> (reply: Hold.Reply, held: Held?) {
        var notification = request.notification
        if answerer == nil { notification.actions = nil }
        let server: NotificationServerInfo
        let posted: any Hold.Post
        let holding: Bool
        do throws(DeliveryError) {
            server = try poster.server()
            let offered = server.capabilities.contains("actions") ? (notification.actions ?? []) : []
            holding = Self.needsHolder(server, offering: offered) && request.until > clock()
            // Always a new notification, never one in place of the last quote: a server may keep
            // that one after its popup has gone (Plasma marks it expired, and a replacement
            // inherits that, so the new quote would never pop up). The last one is closed next.
            posted = try poster.post(notification, offering: holding ? offered : [], on: server)
        } catch {
            return (.failed(error), nil)
        }
        if stopped() {
            posted.close()
            return (.failed(.failed(Self.stoppedBeforeHolding)), nil)
        }
        let postedAt = clock()
        var reply = Hold.Reply(server: server, id: posted.id, postedAt: postedAt, holding: holding)
        guard holding else { return (reply, nil) }
        let lock = takeOver(from: previous, for: posted, through: poster, on: server)
        let shown = ActionAnswerer.Shown(notification: notification, id: posted.id, postedAt: postedAt, server: server.name)
        guard let lock, adoptScope(), marked(shown, until: request.until) else {
            // Posted, but not held: it stays on the server, its buttons unanswered.
            reply.holding = false
            return (reply, nil)
        }
        return (reply, Held(posted: posted, server: server, shown: shown, until: request.until, lock: lock))
    }

    /// Watches `held` until its hold ends: answers its buttons (``answer(_:on:)``), then
    /// records the end (``finish(_:of:)``) and calls `ended`, on the thread that runs the
    /// default main context.
    package func watch(_ held: Held, stop: FileDescriptor?, ended: @escaping (Hold.End) -> Void) {
        // Weak: the hold owns the post, which owns these closures.
        held.posted.watch(
            seconds: held.until - clock(), stop: stop,
            onAction: { [weak held] action in
                guard let held else { return }
                answer(action, on: held)
            },
            onEnd: { [weak held] end in
                guard let held else { return }
                finish(end, of: held)
                ended(end)
            })
    }

    /// Answers a button pressed on `held`; an Another quote re-marks the hold.
    package func answer(_ action: NotificationAction, on held: Held) {
        guard let answerer else { return }
        let next = answerer.answer(action, on: held.shown) { replacement, _ in held.posted.replace(with: replacement, on: held.server) }
        // `hold.json` points at the Another quote now shown, so that the next delivery records
        // the replacement against its history entry.
        if next.postedAt != held.shown.postedAt {
            do {
                try mark(next, until: held.until)
            } catch {
                logger.warning("cannot mark the hold in \(paths.stateDirectory): \(error.message)")
            }
        }
        held.shown = next
        // Budgie took the popup away with the press: after Copy or Save nothing is left to hold.
        if held.server.removesPopupOnPress, action != .another { held.posted.end(.removedOnPress) }
    }

    /// How the hold of `held` ended: recorded where the server said why; a stop request
    /// closes its notification; then its lock goes.
    package func finish(_ end: Hold.End, of held: Held) {
        switch end {
        case .closed(let reason):
            record(.init(id: held.shown.id, postedAt: held.shown.postedAt, reason: reason, at: clock()), "how the notification ended")
        case .stopped:
            // From the next delivery, or from the session ending: either way the old quote goes. A holder that replaces this one
            // waits for the lock, so it goes after the close.
            held.posted.close()
        case .expired, .removedOnPress:
            break
        }
        held.lock = nil
        logger.info("the hold ended: \(end)")
    }

    /// Ends the previous holder, which closes its quote, and takes `hold.lock`
    /// (``HoldStage/Takeover``) for `posted`; nil without the lock.
    func takeOver(
        from previous: Marker?, for posted: any Hold.Post, through poster: some Hold.Poster, on server: NotificationServerInfo
    ) -> FileLock? {
        let takeover = Takeover(paths: paths, clock: clock, logger: logger, grace: grace).takeOver(from: previous)
        if let previous = takeover.previous {
            // A killed holder could not close its quote: the new one is posted, so the old one goes.
            if takeover.killed, previous.id != posted.id { poster.close(previous.id) }
            // Shown while the old one still was, the new one may have gone to the tray unseen.
            if server.holdsBackBannerWhileAnotherShows { posted.showAgain() }
        }
        if takeover.lock == nil { logger.warning("cannot take \(paths.holdLock); the notification is shown but not held") }
        return takeover.lock
    }

    /// Moves a holder inside the notify service into a scope of its own; false when it cannot.
    private func adoptScope() -> Bool {
        guard let scope, scope.inService else { return true }
        do {
            let unit = try scope.adopt(pid: ProcessID.current.rawValue, description: "dailyquote: keeps the quote's notification")
            logger.debug("holding in \(unit)")
            return true
        } catch {
            // Left in the service, it would be killed when `notify` exits, taking its notification's buttons with it.
            logger.warning(
                "cannot leave the notify service for a scope of its own (\(error.reason)); the notification is shown but not held")
            return false
        }
    }

    /// Writes the marker `hold.json` for `shown`, held by this process until `until`.
    private func mark(_ shown: ActionAnswerer.Shown, until: Int64) throws {
        try Marker(
            pid: ProcessID.current.rawValue, id: shown.id, postedAt: shown.postedAt, until: until, server: shown.server
        ).write(in: paths)
    }

    /// ``mark(_:until:)`` for a new hold; false when it cannot (it then does not hold).
    private func marked(_ shown: ActionAnswerer.Shown, until: Int64) -> Bool {
        do {
            try mark(shown, until: until)
            return true
        } catch {
            logger.warning("cannot mark the hold in \(paths.stateDirectory): \(error.message); the notification is shown but not held")
            return false
        }
    }

    /// Appends `end` to `closed.jsonl`; `what` names it in the warning when it cannot.
    private func record(_ end: NotificationEnd, _ what: String) {
        do {
            try ClosedLog(path: paths.closedLog).append(end)
        } catch {
            logger.warning("cannot record \(what): \(error.message)")
        }
    }
}
