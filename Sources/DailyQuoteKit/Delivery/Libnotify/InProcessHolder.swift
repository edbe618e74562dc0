import CLibnotify
import CLinuxEvents
import Dispatch
import FoundationEssentials
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// `run`'s holder: keeps the scheduler's notification in its own process, with no `dailyquote
/// hold` process beside it.
///
/// A thread of its own runs GLib's default main context for as long as `run` does, and every
/// libnotify call of the process happens there: the post, the buttons, the close. It keeps the
/// rules of ``HoldStage``: the `Notify` call first, then the takeover (its own last quote is
/// closed and recorded as replaced, another process's holder ended by ``HoldTakeover``), then
/// the marker, which says it is `run`'s: a later holder that replaced its quote in place asks it
/// to let go with SIGUSR1, a `notify` posting without a holder asks it to close its quote with
/// SIGUSR2. The thread sleeps in the loop between events: no wake-ups.
///
/// `@unchecked`: confined to the holder's thread: `library` and `held`, the only `var`s, are
/// touched only in work that ``onHolderThread(seconds:_:)`` runs there; the rest are `let`s.
package final class InProcessHolder: HolderStarting, @unchecked Sendable {
    private let paths: AppPaths
    private let clock: @Sendable () -> Int64
    private let logger: Logger
    /// Builds the buttons' answerer for a request (its zone, its filters).
    private let answerer: @Sendable (HoldRequest) -> ActionAnswerer
    /// SIGUSR1: a later holder replaced the quote in place; let go of it.
    private let release: SignalEventfd?
    /// SIGUSR2: a later delivery without a holder; close the quote and let go.
    private let closing: SignalEventfd?
    private let loop: OpaquePointer

    // Touched on the holder's thread only.
    private var library: LibnotifyLibrary?
    private var held: Held?

    /// One held notification.
    private final class Held {
        let notification: LibnotifyNotification
        /// Its buttons' handler and its watch.
        let hold: LibnotifyHold
        let lock: FileLock
        var shown: ActionAnswerer.Shown
        let until: Int64

        init(notification: LibnotifyNotification, hold: LibnotifyHold, lock: FileLock, shown: ActionAnswerer.Shown, until: Int64) {
            (self.notification, self.hold, self.lock, self.shown, self.until) = (notification, hold, lock, shown, until)
        }
    }

    package var postsEverything: Bool { true }

    /// Starts the holder's thread and catches SIGUSR1 and SIGUSR2 (the later deliveries' requests).
    package init(
        paths: AppPaths, clock: @escaping @Sendable () -> Int64, logger: Logger,
        answerer: @escaping @Sendable (HoldRequest) -> ActionAnswerer
    ) throws(DetachedThread.StartError) {
        self.paths = paths
        self.clock = clock
        self.logger = logger
        self.answerer = answerer
        release = SignalEventfd(SIGUSR1)
        closing = SignalEventfd(SIGUSR2)
        loop = g_main_loop_new(nil, 0)
        if release == nil || closing == nil {
            logger.warning("cannot catch SIGUSR1 and SIGUSR2; a later notify cannot ask run to let go of its notification")
        }
        try DetachedThread.start { [self] in g_main_loop_run(self.loop) }
    }

    /// Posts on the holder's thread and waits for its answer until `deadline`.
    package func post(_ request: HoldRequest, deadline: Deadline) throws(DeliveryError) -> HoldReply {
        let seconds = deadline.secondsLeft
        guard let reply = onHolderThread(seconds: seconds, { self.postHere(request) }) else {
            throw .timedOut(seconds: Int64(seconds.rounded(.up)))
        }
        if let error = reply.error { throw error }
        return reply
    }

    /// Lets go of the held notification: `closing` it when `run` stops (the session ends), and
    /// then the thread's loop too; leaving it shown when `run` starts afresh after a fetch (the
    /// new process image cannot keep this one's hold, and the loop goes on if the exec fails).
    package func stop(closing: Bool) {
        _ = onHolderThread(seconds: 2) { () -> Bool in
            if let held = self.held {
                held.hold.detach()
                if closing { held.notification.close() }
                self.held = nil
            }
            if closing {
                self.library = nil
                g_main_loop_quit(self.loop)
            }
            return true
        }
    }

    /// Runs `work` on the holder's thread and waits at most `seconds` for its result.
    private func onHolderThread<T: Sendable>(seconds: Double, _ work: @escaping () -> T) -> T? {
        let box = Box<T>(work)
        let data = Unmanaged.passRetained(box).toOpaque()
        // An idle source on the default context, which only the holder's thread runs.
        g_idle_add(
            { data in
                // `data` is the retained Box<T> passed below, and every Box is Runnable.
                // swift-format-ignore: NeverForceUnwrap
                let box = Unmanaged<AnyObject>.fromOpaque(data!).takeRetainedValue() as! Runnable
                box.run()
                return 0  // G_SOURCE_REMOVE
            }, data)
        return box.wait(seconds: seconds)
    }

    /// Posts `request` and takes the hold: on the holder's thread.
    ///
    /// The new quote takes the place of the last one held (this process's, or another holder's
    /// from the marker) where it is on the same server: the server shows it where the old one was.
    private func postHere(_ request: HoldRequest) -> HoldReply {
        let notification: LibnotifyNotification
        let server: NotificationServerInfo
        let hold = LibnotifyHold()
        let holding: Bool
        let other = held == nil ? HoldMarker.live(in: paths) : nil
        do {
            if library == nil { library = try LibnotifyLibrary(appName: request.notification.appName) }
            // Set on the line above when it was nil.
            // swift-format-ignore: NeverForceUnwrap
            server = try library!.serverInfo()
            let offered = server.capabilities.contains("actions") ? (request.notification.actions ?? []) : []
            holding = HoldStage.needsHolder(server, offering: offered) && request.until > clock()
            notification = try LibnotifyPoster.make(request.notification, for: server)
            if holding { hold.offer(offered, labels: request.notification.tr, on: notification) }
            if let held, held.shown.server == server.name {
                notification.id = held.shown.id
            } else if holding, let other, other.server == server.name, server.replacesOtherSendersNotifications {
                notification.id = other.id
            }
            try LibnotifyPoster.show(notification, replacingOther: other?.id)
        } catch {
            return .failed(error)
        }
        // In place of the previous quote, its history entry is told apart by the posting time.
        let replacedAt = held.map { ($0.shown.id, $0.shown.postedAt) } ?? other.map { ($0.id, $0.postedAt) }
        let postedAt = replacedAt.map { $0.0 == notification.id ? max(clock(), $0.1 + 1) : clock() } ?? clock()
        var reply = HoldReply(server: server, id: notification.id, postedAt: postedAt, holding: holding)
        // The new quote is shown: the last one goes (its lock, if this process holds it, is taken over).
        var lock = replaceOwn(by: notification.id)
        guard holding else { return reply }
        if lock == nil {
            let inPlace = other.map { $0.id == notification.id && $0.server == server.name } ?? false
            let takeover = HoldTakeover(paths: paths, clock: clock, logger: logger).takeOver(from: other, inPlace: inPlace)
            if takeover.previous != nil, !inPlace {
                // A killed holder could not close its quote; shown while the old one still was,
                // the new one may have gone to the tray unseen.
                if takeover.killed, let previous = takeover.previous { close(previous.id) }
                _ = try? notification.show()
            }
            lock = takeover.lock
        }
        let marker = HoldMarker(
            pid: getpid(), id: notification.id, postedAt: postedAt, until: request.until, server: server.name, scheduler: true)
        guard let lock, (try? marker.write(in: paths)) != nil else {
            logger.warning("cannot take \(paths.holdLock) or write the marker; the notification is shown but not held")
            reply.holding = false
            return reply
        }
        let shown = ActionAnswerer.Shown(notification: request.notification, id: notification.id, postedAt: postedAt, server: server.name)
        let current = Held(notification: notification, hold: hold, lock: lock, shown: shown, until: request.until)
        held = current
        let answerer = answerer(request)
        hold.onAction = { [unowned self, unowned current] identifier in
            guard let action = NotificationAction(rawValue: identifier) else { return }
            let next = answerer.answer(action, on: current.shown) { replacement, _ in
                LibnotifyPoster.replace(current.notification, with: replacement, on: server)
            }
            if next.postedAt != current.shown.postedAt {
                let marker = HoldMarker(
                    pid: getpid(), id: next.id, postedAt: next.postedAt, until: current.until, server: next.server, scheduler: true)
                try? marker.write(in: self.paths)
            }
            current.shown = next
            // Budgie took the popup away with the press: after Copy or Save nothing is left to hold.
            if server.removesPopupOnPress, action != .another { current.hold.end(.removedOnPress) }
        }
        release?.drain()
        closing?.drain()
        // `current` owns the hold, which owns this closure: weak, or the lock would never go.
        hold.attach(to: notification, seconds: request.until - clock(), stop: closing?.descriptor, release: release?.descriptor) {
            [unowned self, weak current] end in
            if let current { self.ended(end, of: current) }
        }
        return reply
    }

    /// Closes the notification `id` (one another holder left, that the server did not replace).
    private func close(_ id: UInt32) {
        guard let other = try? LibnotifyNotification(summary: "", body: "", icon: "") else { return }
        other.id = id
        other.close()
    }

    /// Ends this process's own hold, if any, recorded as replaced: its notification is closed
    /// unless the new one (`id`) took its place.
    ///
    /// Returns its lock, for the hold that replaces it.
    private func replaceOwn(by id: UInt32) -> FileLock? {
        guard let current = held else { return nil }
        current.hold.detach()
        if current.shown.id != id { current.notification.close() }
        held = nil
        do {
            try ClosedLog(path: paths.closedLog).append(
                .init(id: current.shown.id, postedAt: current.shown.postedAt, reason: .replaced, at: clock()))
        } catch {
            logger.warning("cannot record the replaced notification: \(error.message)")
        }
        return current.lock
    }

    /// How the hold of `current` ended: recorded where the server said why; a request to close
    /// (SIGUSR2) closes its notification, one to let go (SIGUSR1) leaves it to the holder that
    /// replaced it.
    private func ended(_ end: HoldEnd, of current: Held) {
        guard held === current else { return }
        switch end {
        case .closed(let reason):
            do {
                try ClosedLog(path: paths.closedLog).append(
                    .init(id: current.shown.id, postedAt: current.shown.postedAt, reason: reason, at: clock()))
            } catch {
                logger.warning("cannot record how the notification ended: \(error.message)")
            }
        case .stopped:
            closing?.drain()
            current.notification.close()
        case .released:
            release?.drain()
        case .expired, .removedOnPress:
            break
        }
        held = nil
        logger.info("the hold ended: \(end)")
    }
}

/// Something the holder's thread runs.
private protocol Runnable: AnyObject {
    func run()
}

/// A closure for the holder's thread and its result for the waiting thread.
///
/// `@unchecked`: `work` (not Sendable) is called only on the holder's thread, once; `result`
/// is guarded by its `Mutex`, and `done` is a semaphore.
private final class Box<T: Sendable>: Runnable, @unchecked Sendable {
    private let work: () -> T
    private let result = Mutex<T?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () -> T) { self.work = work }

    func run() {
        let value = work()
        result.withLock { $0 = value }
        done.signal()
    }

    func wait(seconds: Double) -> T? {
        guard done.wait(timeout: .now() + max(0, seconds)) == .success else { return nil }
        return result.withLock { $0 }
    }
}
