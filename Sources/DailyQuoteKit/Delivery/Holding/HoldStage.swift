import FoundationEssentials
import Logging

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// The holder's side (`dailyquote hold`): posts the notification it is handed, reports it,
/// and, on a server that keeps notifications or shows its buttons, stays as its sender until it
/// is closed, the hold ends, or the next delivery replaces it.
///
/// The `Notify` call comes first; everything else follows it: taking over from the previous
/// holder (``HoldTakeover``: `hold.lock`, then the marker `hold.json`), moving out of the notify
/// service into a scope of its own (``UserScope``), and only then the reply to `notify`, which
/// waits for it before it exits (the service's stop would kill a holder still inside it). Stop
/// requests are heard from before the post (``StopSignals``, made by the caller): one that comes
/// while it posts closes the notification as soon as it is shown. It records how the notification
/// ended in `closed.jsonl`.
package struct HoldStage: Sendable {
    package var paths: AppPaths
    package var clock: @Sendable () -> Int64
    package var logger: Logger
    /// Answers the notification's buttons; nil offers none.
    package var answerer: ActionAnswerer?
    /// Where a holder inside a systemd service moves to; nil stays where it is.
    package var scope: UserScope?

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

    /// Posts and holds `request`, and returns how the hold ended.
    ///
    /// `report` gets the one reply for `notify`, once the notification is posted and, if it is
    /// held, marked and out of the notify service. `stop` is the descriptor of the process's
    /// ``StopSignals``. `connecting` is libnotify's connection, made ahead on another thread
    /// (nil connects here); it is waited for only once the previous holder's marker is read.
    package func run(
        _ request: HoldRequest, connecting: StartedWork<LibnotifyPoster.Connection, DeliveryError>? = nil, stop: Int32?,
        release: Int32? = nil, report: (HoldReply) -> Void
    ) -> HoldEnd? {
        // Read before the post, which replaces its quote in place.
        let previous = HoldMarker.live(in: paths)
        if let connecting, !connecting.isFinished { Self.warmEncoders() }
        var lock: FileLock?
        var posted: HoldReply?
        var shown: ActionAnswerer.Shown?
        var request = request
        if answerer == nil { request.notification.actions = nil }
        let until = request.until
        let answer: (NotificationAction, (DesktopNotification) -> UInt32?) -> Void = { action, replace in
            guard let answerer, let current = shown else { return }
            let next = answerer.answer(action, on: current, replace: { notification, _ in replace(notification) })
            if next.postedAt != current.postedAt { markAnother(next, until: until) }
            shown = next
        }
        let report: (HoldReply, LibnotifyPoster.Posted) -> Bool = { reply, handle in
            var reply = reply
            defer {
                posted = reply
                report(reply)
            }
            guard reply.holding, let id = reply.id, let postedAt = reply.postedAt else { return false }
            guard
                let taken = hold(
                    id: id, postedAt: postedAt, server: reply.server?.name ?? "", until: until, previous: previous, handle: handle)
            else {
                // Posted, but not held: it stays on the server, its buttons unanswered.
                reply.holding = false
                return false
            }
            lock = taken
            shown = ActionAnswerer.Shown(notification: request.notification, id: id, postedAt: postedAt, server: reply.server?.name ?? "")
            return true
        }
        let end = LibnotifyPoster().postAndHold(
            request, connected: connecting.flatMap { try? $0.wait().get() }, clock: clock, keep: Self.needsHolder(_:offering:),
            replacing: previous, stop: stop,
            release: release, answer: answer, letGo: { _ in lock = nil }, report: report)
        withExtendedLifetime(lock) {}
        guard let end, let id = posted?.id, let postedAt = shown?.postedAt ?? posted?.postedAt else { return end }
        if case .closed(let reason) = end {
            do {
                try ClosedLog(path: paths.closedLog).append(.init(id: id, postedAt: postedAt, reason: reason, at: clock()))
            } catch {
                logger.warning("cannot record how the notification ended: \(error.message)")
            }
        }
        logger.info("the hold ended: \(end)")
        return end
    }

    /// Encodes a marker, a reply and a closed-log line once, and throws them away.
    ///
    /// The first encoding of each type costs Swift's runtime most of a millisecond (its type
    /// metadata, and conformance lookups that scan the whole binary). Paid while libnotify
    /// connects on its own thread, it is no longer paid between the `Notify` call and the reply
    /// that `notify` waits for (docs/performance.md).
    static func warmEncoders() {
        let encoder = JSONEncoder.dailyquote()
        let server = NotificationServerInfo(name: "", vendor: "", version: "", specVersion: "", capabilities: [])
        _ = try? encoder.encode(HoldMarker(pid: 0, id: 0, postedAt: 0, until: 0, server: ""))
        _ = try? encoder.encode(HoldReply(server: server, id: 0, postedAt: 0, holding: false))
        _ = try? encoder.encode(NotificationEnd(id: 0, postedAt: 0, reason: .replaced, at: 0))
    }

    /// Takes the hold for the notification just posted.
    ///
    /// It ends the previous holder and takes `hold.lock` (``HoldTakeover``), leaves the notify
    /// service for a scope, and writes the marker. Returns the lock, or nil when this process
    /// cannot hold (it then lets go at once, so that no holder runs without a marker).
    private func hold(
        id: UInt32, postedAt: Int64, server: String, until: Int64, previous: HoldMarker?, handle: LibnotifyPoster.Posted
    ) -> FileLock? {
        let inPlace = previous.map { $0.id == id && $0.server == server } ?? false
        let takeover = HoldTakeover(paths: paths, clock: clock, logger: logger).takeOver(from: previous, inPlace: inPlace)
        if let previous = takeover.previous, !inPlace {
            // A killed holder could not close its quote: the new one is posted, so the old one goes.
            if takeover.killed { handle.closeOther(previous.id) }
            // Shown while the old one still was, the new one may have gone to the tray unseen.
            handle.showAgain()
        }
        guard let lock = takeover.lock else {
            logger.warning("cannot take \(paths.holdLock); the notification is shown but not held")
            return nil
        }
        if let scope, scope.inService {
            do {
                let unit = try scope.adopt(pid: getpid(), description: "dailyquote: keeps the quote's notification")
                logger.debug("holding in \(unit)")
            } catch {
                // Left in the service, it would be killed when `notify` exits, taking its notification's buttons with it.
                logger.warning(
                    "cannot leave the notify service for a scope of its own (\(error.reason)); the notification is shown but not held")
                return nil
            }
        }
        do {
            try HoldMarker(pid: getpid(), id: id, postedAt: postedAt, until: until, server: server).write(in: paths)
        } catch {
            logger.warning("cannot mark the hold in \(paths.stateDirectory): \(error.message); the notification is shown but not held")
            return nil
        }
        return lock
    }

    /// Points `hold.json` at the Another quote now shown, so that the next delivery records the
    /// replacement against its history entry.
    private func markAnother(_ shown: ActionAnswerer.Shown, until: Int64) {
        let marker = HoldMarker(pid: getpid(), id: shown.id, postedAt: shown.postedAt, until: until, server: shown.server)
        do {
            try marker.write(in: paths)
        } catch {
            logger.warning("cannot mark the hold in \(paths.stateDirectory): \(error.message)")
        }
    }
}
