import DailyQuoteSystem
import FoundationEssentials
import Logging

/// Puts the stages together from a loaded plan: the one place the library's parts are wired
/// for the executable.
///
/// The executable loads the config and the zone (`CommandEnvironment` and `CommandContext`
/// there) and asks this for the delivery stage, the fetch stage and the status collector; the
/// stages never build each other.
package struct StageFactory: Sendable {
    package var loaded: LoadedConfig
    /// The zone deliveries are planned in.
    package var zone: ZoneRules
    package var paths: AppPaths
    package var environment: [String: String]
    package var logger: Logger
    /// The absolute path of the dailyquote binary, which holders run.
    package var executable: String
    /// The current Unix time.
    package var clock: @Sendable () -> Int64
    /// The person's language, for what the stages write for them.
    package var tr = Translator.english

    package init(
        loaded: LoadedConfig, zone: ZoneRules, paths: AppPaths, environment: [String: String], logger: Logger,
        executable: String, clock: @escaping @Sendable () -> Int64 = UnixClock.system
    ) {
        (self.loaded, self.zone, self.paths, self.environment) = (loaded, zone, paths, environment)
        (self.logger, self.executable, self.clock) = (logger, executable, clock)
    }

    package var config: Config { loaded.config }

    /// The planner for the loaded configuration.
    package var planner: DeliveryPlanner {
        DeliveryPlanner(rules: config.delivery.rules, zone: zone, refreshLead: config.refresh.lead.seconds)
    }

    /// The delivery ledger in the state directory.
    package var ledger: DeliveryLedger { paths.deliveryLedger(logger: logger) }

    /// The fetched-quote cache.
    package var cache: QuoteCache { QuoteCache(path: paths.quoteCache) }

    /// How a quote is chosen under the config's `[quotes]` and local sources: the delivery's,
    /// `show`'s and the action service's Another (a holder's comes from its request, ``CommandEnvironment/holdStage(for:)``).
    package var quoteChooser: QuoteChooser {
        QuoteChooser(paths: paths, logger: logger, filters: config.quotes, local: LocalQuoteSource.all(in: config.sources))
    }

    /// The config's `[notification]` with the buttons this session can offer.
    ///
    /// Copy only where a clipboard tool is installed (``Clipboard/available(_:)``), decided here
    /// alone: the delivery, the action service and `status`/`doctor` take their buttons from it.
    package var notification: NotificationConfig {
        var notification = config.notification
        notification.actions = Clipboard(environment: environment).available(notification.actions) ?? []
        return notification
    }

    /// Whether the config lets a holder keep a notification (`notification.hold` is not 0).
    var holds: Bool { config.notification.hold?.seconds != 0 }

    /// The one ``PathChoosingPoster``, which follows the ``PostingPlan``; with `preparingAhead`
    /// (a live `notify`), off GNOME Shell, two things are done
    /// ahead of the post: the freedesktop poster asks the server and the bus, in one round trip,
    /// first (``FreedesktopPoster/ask(before:)``, so the plan is made from their answers), and
    /// where the notification may offer buttons a holder process is started now
    /// (``HolderLauncher/startingAhead()``), used only if the plan has one.
    package func poster(preparingAhead: Bool) -> PathChoosingPoster {
        let launcher = HolderLauncher(
            executable: executable, environment: environment, timeZone: zone.identifier, filters: config.quotes,
            localSources: LocalQuoteSource.all(in: config.sources),
            forkedHolder: { [executable] in CommandEnvironment.runForkedHolder(executable: executable) })
        let live = preparingAhead && !Self.likelyGnomeShell(environment)
        let prestart = live && holds && !config.notification.actions.isEmpty
        let holding = holds ? (prestart ? launcher.startingAhead() : launcher) : nil
        return PathChoosingPoster(
            gnome: GnomeNotificationsPoster(clock: clock), holding: holding,
            direct: FreedesktopPoster(asksFirst: live), hold: holds, logger: logger)
    }

    /// Whether the session says it is GNOME Shell's (`XDG_CURRENT_DESKTOP` names GNOME, and not
    /// Budgie, which names it too).
    ///
    /// There GNOME's own interface takes the quote and asking the freedesktop server ahead of
    /// time would only be work thrown away. Only a hint for what to start and ask first: the
    /// ``PostingPlan`` is made from the bus's answers.
    static func likelyGnomeShell(_ environment: [String: String]) -> Bool {
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        return desktops.contains("GNOME") && !desktops.contains("Budgie")
    }

    /// Which path a notification takes now and why, for `status` and `doctor`: the
    /// ``PostingPlan`` from the same answers `notify` asks for (`asked`: the server's and the
    /// bus's, or why they could not be had), the config, and the installed files.
    package func postingPathReport(asked: Result<FreedesktopServer.Answers, DeliveryError>) -> PostingPathReport {
        var unanswered: DeliveryError?
        if case .failure(let error) = asked { unanswered = error }
        return PostingPathReport(
            answers: try? asked.get(), unanswered: unanswered, hold: holds,
            offered: notification.actions, paths: paths,
            fileExists: { FileManager.default.fileExists(atPath: $0) },
            contents: { FileManager.default.contents(atPath: $0).map { String(decoding: $0, as: UTF8.self) } })
    }

    /// The delivery stage, posting through ``poster(preparingAhead:)``.
    ///
    /// While the person is away a due delivery waits for them (`delivery.wait_for_presence`),
    /// until `stop` says to give up: SIGTERM for `notify`, the scheduler's stop request for `run`.
    /// With `preparingAhead` (`notify`, live), the server is asked first and a holder started
    /// now where one may post (see ``poster(preparingAhead:)``).
    package func deliveryStage(presenceStop stop: PresenceStop = .signals, preparingAhead: Bool = false) -> DeliveryStage {
        let presence = config.delivery.waitForPresence ? SessionPresence(environment: environment, stop: stop) : nil
        var config = config
        config.notification = notification
        return DeliveryStage(
            planner: planner, config: config, ledger: ledger, quotes: quoteChooser, poster: poster(preparingAhead: preparingAhead),
            clock: clock, logger: logger,
            presence: presence, tr: tr)
    }

    /// The fetch stage, on the real network.
    package var fetchStage: FetchStage {
        FetchStage(
            config: config, planner: planner, paths: paths, recentQuotes: { [ledger] in ledger.recentQuotes(now: $0) },
            reader: QuoteSourceReader(logger: logger), clock: clock, logger: logger)
    }

    /// The collector behind `status` and `doctor`.
    ///
    /// - Parameters:
    ///   - configError: why the config file cannot be used, if it cannot (the defaults then stand in).
    ///   - expectedUnits: the units `install` would write now, in each calendar style; files equal
    ///     to either are in sync.
    ///   - zones: the zone database, to read the user manager's zone.
    package func statusCollector(
        configError: String?, expectedUnits: [[SystemdUnit]], now: Int64, subprocess: Subprocess, zones: TimeZoneDatabase
    ) -> StatusCollector {
        let systemctl = Systemctl(subprocess: subprocess)
        let session = zone
        // One round trip, asked once for both the server's line and the posting path, started now
        // (the address settled here: the thread must not set the environment).
        SessionBus.settleAddress()
        let asking = StartedWork { () throws(DeliveryError) -> FreedesktopServer.Answers in
            try FreedesktopServer.answers(before: .after(seconds: 2))
        }
        return StatusCollector(
            loaded: loaded, configError: configError, planner: planner, paths: paths, ledger: ledger, cache: cache,
            expectedUnits: expectedUnits, now: now,
            serverInfo: { try asking.wait().get().info }, postingPath: { postingPathReport(asked: asking.wait()) },
            managerZone: {
                guard let managerEnvironment = systemctl.environment() else { return nil }
                let manager = zones.systemZone(environment: managerEnvironment)
                // Another name for the same zone (UTC and Etc/UTC) is no mismatch.
                return manager.keepsSameTime(as: session) ? session.identifier : manager.identifier
            },
            generatorDirectory: paths.generatorDirectory,
            configNamesZone: config.delivery.timeZone != nil, zoneNamed: { try? zones.zone(named: $0) },
            autostartEntry: AutostartEntry(paths: paths).activeEntry,
            managerAnswers: { systemctl.environment() != nil })
    }
}
