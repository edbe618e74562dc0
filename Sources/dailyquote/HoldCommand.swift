import ArgumentParser
import DailyQuoteKit
import FoundationEssentials
import Logging

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// `dailyquote hold`: the holder `notify` starts (internal; not shown in help).
///
/// It reads a ``HoldRequest`` as JSON on standard input, posts the notification, writes one
/// ``HoldReply`` line on standard output (which it then closes, so that `notify` can finish),
/// and holds the notification while the server shows it.
struct HoldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hold",
        abstract: "Post a notification handed over on standard input and keep it while it is shown (used by notify).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try Self.hold(CommandEnvironment(global))
    }

    /// The holder's run as `notify` starts it: `dailyquote hold`, no options.
    static func holdAsStarted() throws {
        try hold(CommandEnvironment(config: nil, verbosity: 0))
    }

    /// The holder's run in a child `notify` forked (``HolderLauncher/forkedHolder``), ended as
    /// `DailyQuote.main` ends `dailyquote hold`.
    static func runForked() -> Never {
        do {
            try holdAsStarted()
        } catch {
            ProcessEnd.fail(error, logger: StderrLogHandler.logger(verbosity: 0, environment: EnvironmentVariables.current()))
        }
        ProcessEnd.exit(0)
    }

    /// The holder's whole run in `environment` (``QuickRoute`` calls it for the line `notify`
    /// starts, `dailyquote hold`, without ArgumentParser: the holder's start is on the way to
    /// its `Notify` call).
    static func hold(_ makeEnvironment: @autoclosure () -> CommandEnvironment) throws {
        // First of all: a stop request from here on closes the notification instead of killing
        // the holder between its post and its hold (this is the process's one owner of SIGTERM and SIGINT).
        let stops = StopSignals()
        // SIGUSR1: the next holder replaced this one's quote in place; let go of it, without closing it.
        let release = SignalEventfd(SIGUSR1)
        // Settled here, not on the connecting thread below: it may set an environment variable.
        // (Beside that thread, the environment only sets the messages locale, from C, which frees
        // nothing the thread could be reading.)
        SessionBus.settleAddress()
        // libnotify and the server's answer, on their own thread (blocking the signals above, as
        // this one does) while this one reads and decodes the request: `notify` may start the
        // holder before it knows what to post, and both then run while it decides.
        let connecting = StartedWork { () throws(DeliveryError) -> LibnotifyPoster.Connection in try LibnotifyPoster.Connection() }
        let context = makeEnvironment()
        if stops == nil { context.logger.warning("cannot catch SIGTERM and SIGINT; a stop request ends the holder at once") }
        let input = try? SystemCall.readStandardInput(maximum: 1 << 20)
        // Started ahead of time, then not needed (nothing was due, or GNOME took the quote).
        if input?.isEmpty == true { return }
        guard let input, let request = try? JSONDecoder().decode(HoldRequest.self, from: Data(input)) else {
            throw CommandFailure("hold reads a request from notify on standard input; it is not meant to be run by hand", kind: .badInput)
        }
        var failed = false
        let answerer = context.actionAnswerer(for: request)
        let stage = HoldStage(
            paths: context.paths, clock: UnixClock.system, logger: context.logger, answerer: answerer,
            scope: UserScope(runtimeDirectory: context.variables["XDG_RUNTIME_DIR"]))
        _ = withExtendedLifetime((stops, release)) {
            stage.run(request, connecting: connecting, stop: stops?.descriptor, release: release?.descriptor) { reply in
                failed = reply.error != nil
                var line = (try? JSONEncoder.dailyquote().encode(reply)) ?? Data("{\"holding\":false}".utf8)
                line.append(UInt8(ascii: "\n"))
                _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                // `notify` waits for this line and then for the end of the output: end it now.
                let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
                if null >= 0 {
                    dup2(null, STDOUT_FILENO)
                    close(null)
                }
            }
        }
        if failed { throw CommandFailure(alreadyReported: .unavailable) }
    }
}
