import Glibc
import Logging
import SystemPackage

/// `run`'s holder: keeps the scheduler's notification in its own process, by ``HoldStage``'s rules as `dailyquote hold` does.
///
/// Every libnotify call of the process runs on a thread of its own in GLib's default main context (``GioMainLoop``),
/// asleep between events. Its marker says it is `run`'s: a later `notify` asks it to close its quote (SIGUSR2).
package final class InProcessHolder: HolderStarting, @unchecked Sendable {
    // Unchecked: `connection` and `current` are touched only on the holder's thread (every use
    // is inside `loop.perform`, or in the loop's own events); everything else is immutable.
    private let stage: HoldStage
    /// The buttons' answerer for a request (its zone, its filters).
    private let answerer: @Sendable (HoldRequest) -> ActionAnswerer
    /// SIGUSR2: a later delivery; close the quote and let go.
    private let closing: SignalSubscription?
    private let loop = GioMainLoop()
    private var connection: LibnotifyPoster.Connection?
    private var current: HoldStage.Held?

    package var postsEverything: Bool { true }

    /// Starts the holder's thread and catches SIGUSR2 (the later deliveries' request).
    package init(
        paths: AppPaths, clock: @escaping @Sendable () -> Int64, logger: Logger,
        answerer: @escaping @Sendable (HoldRequest) -> ActionAnswerer
    ) throws(DetachedThread.StartError) {
        stage = HoldStage(paths: paths, clock: clock, logger: logger, inScheduler: true)
        self.answerer = answerer
        closing = SignalRouter.subscribe([.user2])
        if closing == nil { logger.warning("cannot catch SIGUSR2; a later notify cannot ask run to close its notification") }
        try DetachedThread.start { [loop] in loop.run() }
    }

    /// Posts on the holder's thread and waits for its answer until `deadline`.
    package func post(_ request: HoldRequest, deadline: Deadline) throws(DeliveryError) -> HoldReply {
        let seconds = deadline.secondsLeft
        guard let reply = loop.perform(within: seconds, { self.postHere(request) }) else {
            throw .timedOut(seconds: Int64(seconds.rounded(.up)))
        }
        if let error = reply.error { throw error }
        return reply
    }

    /// Lets go of the held notification: `closing` it and the loop when `run` stops; leaving it shown when `run`
    /// starts afresh after a fetch (the new image cannot keep this hold; the loop goes on if the exec fails).
    package func stop(closing: Bool) {
        _ = loop.perform(within: 2) {
            self.current?.posted.detach()
            if closing { self.current?.posted.close() }
            self.current = nil
            if closing {
                self.connection = nil
                self.loop.quit()
            }
        }
    }

    /// Posts `request`, replacing this process's own quote (else another holder's), and watches the hold: on the holder's thread.
    private func postHere(_ request: HoldRequest) -> HoldReply {
        var stage = stage
        stage.answerer = answerer(request)
        let previous = current == nil ? HoldMarker.live(in: stage.paths) : nil
        let connection: LibnotifyPoster.Connection
        do throws(DeliveryError) {
            if let made = self.connection {
                connection = made
            } else {
                connection = try LibnotifyPoster.Connection(askingEachPost: request.notification.appName)
            }
        } catch {
            return .failed(error)
        }
        self.connection = connection
        let (reply, held) = stage.post(request, through: connection, replacing: current, previous: previous)
        guard reply.error == nil else { return reply }  // A failed post leaves the last quote held.
        current = held
        guard let held else { return reply }
        // Requests that came while nothing was held are not for this hold.
        closing?.drain()
        stage.watch(held, stop: closing?.descriptor.rawValue) { [weak self, weak held] end in
            guard let self, let held, self.current === held else { return }
            // Read, or the loop would see the same request again.
            if end == .stopped { self.closing?.drain() }
            self.current = nil
        }
        return reply
    }
}
