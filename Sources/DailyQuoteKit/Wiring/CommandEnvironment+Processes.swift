import DailyQuoteSystem
import Logging

/// The processes that answer buttons, assembled here like every other: the holder (`dailyquote
/// hold`, or a fork of `notify`) and the action service (`dailyquote action-service`), whose
/// answerers are built alike (``actionAnswerer(zone:quotes:)``).
extension CommandEnvironment {
    /// The holder's whole run: `verbosity` from `-v`; `executable` (the binary's path, which
    /// says where its translations are) is read only after the holder's start
    /// (``HoldStage/ProcessStart``), which comes before everything else.
    package static func runHolder(verbosity: Int, executable: @autoclosure () -> String) throws {
        let start = HoldStage.ProcessStart()
        // The holder loads no config: the request carries what it needs of it.
        let base = CommandEnvironment(config: nil, verbosity: verbosity, executable: executable())
        try HoldStage.serve(start, logger: base.logger) { base.holdStage(for: $0) }
    }

    /// The holder's run in a child `notify` forked (``HolderLauncher/forkedHolder``), ended as
    /// `dailyquote hold` ends (``ProcessEnd``).
    package static func runForkedHolder(executable: String) -> Never {
        do {
            try runHolder(verbosity: 0, executable: executable)
        } catch {
            ProcessEnd.fail(error, logger: StderrLogHandler.logger(verbosity: 0, environment: EnvironmentVariables.current()))
        }
        ProcessEnd.exit(0)
    }

    /// The holder's stage for `request`: the history's times in the request's zone (else the
    /// system's), Another through the request's `[quotes]` filters and local sources.
    package func holdStage(for request: Hold.Request) -> HoldStage {
        let zone = request.timeZone.flatMap { try? zones.zone(named: $0) } ?? systemZone
        let quotes = QuoteChooser(
            paths: paths, logger: logger, filters: request.filters ?? QuotesConfig(), local: request.localSources ?? [])
        return HoldStage(
            paths: paths, clock: UnixClock.system, logger: logger, answerer: actionAnswerer(zone: zone, quotes: quotes),
            scope: UserScope(runtimeDirectory: variables["XDG_RUNTIME_DIR"]))
    }

    /// The answerer of a notification's buttons, writing the history's times in `zone` and
    /// choosing Another through `quotes`.
    package func actionAnswerer(zone: ZoneRules, quotes: QuoteChooser) -> ActionAnswerer {
        ActionAnswerer(
            paths: paths, favorites: paths.favoritesStore(logger: logger), clipboard: Clipboard(environment: variables),
            format: ZonedTimeFormat(zone: zone), clock: UnixClock.system, logger: logger, quotes: quotes)
    }
}

extension CommandContext {
    /// The action service, answering with the config's zone, `[quotes]` filters and local sources
    /// (the defaults', where the config is broken: a press must not be lost), its replacements
    /// offering the buttons this session can (``StageFactory/notification``).
    package var actionService: GnomeActionService {
        var service = GnomeActionService(
            answerer: base.actionAnswerer(zone: zone, quotes: stages.quoteChooser), notification: stages.notification, logger: logger)
        service.tr = base.tr
        return service
    }
}
