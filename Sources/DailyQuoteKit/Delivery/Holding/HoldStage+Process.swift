import DailyQuoteSystem
import FoundationEssentials
import Glibc
import Logging
import SystemPackage

/// The holder's process, `dailyquote hold` (or a fork of `notify`, ``HoldStage/runForked(executable:)``):
/// its side of the wire with `notify` around the stage.
///
/// It reads a ``Hold/Request`` as JSON on standard input (at most ``Hold/Request/maximumSize``;
/// an empty one means it was started ahead and is not needed), posts and holds through the
/// stage, writes the one ``Hold/Reply`` line on standard output, and then points standard output
/// at /dev/null, so that `notify`, and anything reading its output to the end, can finish.
extension HoldStage {
    /// The holder's whole run: `verbosity` from `-v`; `executable` (the binary's path, which
    /// says where its translations are) is read only after the holder's start.
    package static func runProcess(verbosity: Int, executable: @autoclosure () -> String?) throws {
        // First of all: a stop request from here on closes the notification instead of killing
        // the holder between its post and its hold (this is the process's one owner of SIGTERM and SIGINT).
        let stops = SignalRouter.subscribe([.terminate, .interrupt])
        // Settled here, not on the connecting thread below: it may set an environment variable.
        // (Beside that thread, only the messages locale is set, from C, which frees nothing the
        // thread could be reading.)
        SessionBus.settleAddress()
        // libnotify and the server's answer, on their own thread (blocking the signals above, as
        // this one does) while this one reads and decodes the request: `notify` may start the
        // holder before it knows what to post, and both then run while it decides. A speed
        // mechanism (docs/performance.md, "The holder connects on a thread"): 1-3 ms a post.
        let connecting = StartedWork { () throws(DeliveryError) -> LibnotifyPoster.Connection in try LibnotifyPoster.Connection() }
        let variables = EnvironmentVariables.current()
        let paths = AppPaths(environment: variables)
        let zones = TimeZoneDatabase(environment: variables)
        let logger = StderrLogHandler.logger(verbosity: verbosity, environment: variables)
        // The buttons' labels, in the person's language.
        _ = Translator.start(environment: variables, executable: executable())
        if stops == nil { logger.warning("cannot catch SIGTERM and SIGINT; a stop request ends the holder at once") }
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
        let stage = HoldStage(
            paths: paths, clock: UnixClock.system, logger: logger,
            answerer: ActionAnswerer(for: request, paths: paths, zones: zones, environment: variables, logger: logger),
            scope: UserScope(runtimeDirectory: variables["XDG_RUNTIME_DIR"]))
        // The connection made ahead; one that failed is made again here.
        let connect = { () throws(DeliveryError) -> LibnotifyPoster.Connection in
            if let made = try? connecting.wait().get() { return made }
            return try LibnotifyPoster.Connection(appName: request.notification.appName)
        }
        let end = stage.run(request, connect: connect, stop: stops) { reply in
            failed = reply.error != nil
            // `notify` waits for this line; anything reading the output to its end, for the end.
            try? SystemCall.writeStandardOutput(reply.line())
            SystemCall.discardStandardOutput()
        }
        // Stopped as asked (nothing stays posted): not a failure of this process.
        if failed, end != .stopped { throw CommandFailure(alreadyReported: .unavailable) }
    }

    /// The holder's run in a child `notify` forked (``HolderLauncher/forkedHolder``), ended as
    /// `dailyquote hold` ends (``ProcessEnd``).
    package static func runForked(executable: String) -> Never {
        do {
            try runProcess(verbosity: 0, executable: executable)
        } catch {
            ProcessEnd.fail(error, logger: StderrLogHandler.logger(verbosity: 0, environment: EnvironmentVariables.current()))
        }
        ProcessEnd.exit(0)
    }
}
