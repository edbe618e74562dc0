import DailyQuoteSystem
import FoundationEssentials
import Logging

/// The holder's process, `dailyquote hold` (or a fork of `notify`): its side of the wire with
/// `notify` around the stage. `Wiring/` assembles the process (`CommandEnvironment.runHolder`).
///
/// It reads a ``Hold/Request`` as JSON on standard input (at most ``Hold/Request/maximumSize``;
/// an empty one means it was started ahead and is not needed), posts and holds through the
/// stage, writes the one ``Hold/Reply`` line on standard output, and then points standard output
/// at /dev/null, so that `notify`, and anything reading its output to the end, can finish.
extension HoldStage {
    /// What the holder's process starts before anything else: its stop requests and its connection.
    package struct ProcessStart: Sendable {
        /// SIGTERM and SIGINT, which close the notification instead of killing the holder.
        let stops: SignalSubscription?
        /// libnotify and the server's answer, being made on a thread of their own.
        let connecting: StartedWork<LibnotifyPoster.Connection, DeliveryError>

        /// Starts both: first of all in the holder's process, before its environment is read.
        package init() {
            // First of all: a stop request from here on closes the notification instead of killing
            // the holder between its post and its hold (this is the process's one owner of SIGTERM and SIGINT).
            stops = SignalRouter.subscribe([.terminate, .interrupt])
            // Settled here, not on the connecting thread below: it may set an environment variable.
            // (Beside that thread, only the messages locale is set, from C, which frees nothing the
            // thread could be reading.)
            SessionBus.settleAddress()
            // libnotify and the server's answer, on their own thread (blocking the signals above, as
            // this one does) while this one reads and decodes the request: `notify` may start the
            // holder before it knows what to post, and both then run while it decides. A speed
            // mechanism (docs/performance.md, "The holder connects on a thread"): 1-3 ms a post.
            connecting = StartedWork { () throws(DeliveryError) -> LibnotifyPoster.Connection in try LibnotifyPoster.Connection() }
        }
    }

    /// The rest of the holder's run, after `start`: reads the request, runs the stage `assemble`
    /// builds for it, and answers.
    package static func serve(_ start: ProcessStart, logger: Logger, assemble: (Hold.Request) -> HoldStage) throws {
        if start.stops == nil { logger.warning("cannot catch SIGTERM and SIGINT; a stop request ends the holder at once") }
        let input = try? SystemCall.readStandardInput(maximum: Hold.Request.maximumSize)
        // Started ahead of time, then not needed (nothing was due, or GNOME took the quote).
        if input?.isEmpty == true { return }
        guard let input, let request = try? JSONDecoder().decode(Hold.Request.self, from: Data(input)) else {
            throw CommandFailure("hold reads a request from notify on standard input; it is not meant to be run by hand", kind: .badInput)
        }
        if let refusal = request.unknownVersion {
            try? SystemCall.writeStandardOutput(Hold.Reply.failed(refusal).line())
            throw CommandFailure(refusal.message(.english), kind: .badInput)
        }
        var failed = false
        // The connection made ahead; one that failed is made again here.
        let connect = { () throws(DeliveryError) -> LibnotifyPoster.Connection in
            if let made = try? start.connecting.wait().get() { return made }
            return try LibnotifyPoster.Connection(appName: request.notification.appName)
        }
        let end = assemble(request).run(request, connect: connect, stop: start.stops) { reply in
            failed = reply.error != nil
            // `notify` waits for this line; anything reading the output to its end, for the end.
            try? SystemCall.writeStandardOutput(reply.line())
            SystemCall.discardStandardOutput()
        }
        // Stopped as asked (nothing stays posted): not a failure of this process.
        if failed, end != .stopped { throw CommandFailure(alreadyReported: .unavailable) }
    }
}
