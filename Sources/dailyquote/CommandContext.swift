import DailyQuoteKit
import FoundationEssentials
import Logging

/// A ``CommandEnvironment`` plus the loaded configuration and the plan: what a command that
/// plans, fetches or posts needs.
struct CommandContext {
    /// What every command has, config or not.
    let base: CommandEnvironment
    let loaded: LoadedConfig
    /// The zone deliveries are planned in: the configured one, else the system's.
    let zone: ZoneRules

    /// Why the config file could not be used, when the command asked to go on without it.
    let configError: (any UserFacingError)?

    var environment: [String: String] { base.variables }
    var paths: AppPaths { base.paths }
    var zones: TimeZoneDatabase { base.zones }
    var logger: Logger { base.logger }
    /// The instant the command started (Unix seconds).
    var now: Int64 { base.now }
    /// The `--config` argument as given.
    var explicit: String? { base.explicitConfig }
    var ledger: DeliveryLedger { base.ledger }
    var subprocess: Subprocess { base.subprocess }
    var unitDirectory: UnitDirectory { base.unitDirectory }

    /// Loads everything for `options`, reading the real environment and clock.
    ///
    /// With `tolerateInvalidConfig` (for `status` and `doctor`), a broken config file is
    /// recorded in ``configError`` and the built-in defaults stand in for it.
    init(_ options: GlobalOptions, tolerateInvalidConfig: Bool = false) throws {
        try self.init(CommandEnvironment(options), tolerateInvalidConfig: tolerateInvalidConfig)
    }

    /// Loads the config and the plan on top of `base`.
    init(_ base: CommandEnvironment, tolerateInvalidConfig: Bool = false) throws {
        self.base = base
        let environment = base.variables
        let zones = base.zones
        var loaded: LoadedConfig
        // The system's zone is read only when the config names none: it is another file to read.
        var zone: ZoneRules?
        do {
            loaded = try ConfigLoader(paths: base.paths, zones: zones, environment: environment).load(explicitPath: base.explicitConfig)
            if let name = loaded.config.delivery.timeZone { zone = try zones.zone(named: name) }
            configError = nil
        } catch let error as UserFacingError where tolerateInvalidConfig {
            loaded = LoadedConfig(config: .defaults, path: base.configPath, fileExists: true)
            configError = error
        }
        self.loaded = loaded
        self.zone = zone ?? base.systemZone
        if !loaded.fileExists {
            base.logger.info("no config file at \(loaded.path); using the built-in defaults")
        }
    }

    var config: Config { loaded.config }

    /// The real clock, in Unix seconds, for the stages and the scheduler.
    static let unixClock: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970.rounded(.down)) }

    /// The fetched-quote cache.
    var cache: QuoteCache { QuoteCache(path: paths.quoteCache) }

    /// The delivery stage, posting through libnotify, on the real clock: through a holder
    /// process unless `notification.hold` is "0".
    var deliveryStage: DeliveryStage {
        var stage = DeliveryStage(
            planner: planner, config: config, ledger: ledger, cache: cache, poster: poster, clock: Self.unixClock, logger: logger)
        // A due delivery waits while the person is away; SIGTERM ends the wait (see DeliveryStage).
        if config.delivery.waitForPresence { stage.presence = SessionPresence(environment: environment, stop: .signals) }
        return stage
    }

    /// How notifications are posted: through a holder unless `notification.hold` is "0".
    var poster: any NotificationPosting {
        guard config.notification.hold?.seconds != 0 else { return LibnotifyPoster() }
        return HoldingPoster(launcher: HolderLauncher(executable: executablePath, environment: environment), timeZone: zone.identifier)
    }

    /// The fetch stage, on the real network and clock.
    var fetchStage: FetchStage {
        FetchStage(
            config: config, planner: planner, paths: paths, recentQuotes: { [ledger] in ledger.recentQuotes(now: $0) },
            reader: QuoteSourceReader(logger: logger), clock: Self.unixClock, logger: logger)
    }

    /// The units that match the loaded config, in `schedule`'s style.
    func units(_ schedule: TimerSchedule) -> [SystemdUnit] {
        UnitGenerator(
            executable: executablePath, configArgument: configArgument, config: config, schedule: schedule, zone: zone,
            permanentExitStatuses: ExitStatus.permanent
        ).units
    }

    /// The units `install` would write now, in both calendar styles: installed files equal to
    /// either are in sync (`install` picks the style after asking systemd, which `status` does not).
    var expectedUnits: [[SystemdUnit]] {
        let watch = configWatchUnits(commands: reinstallCommands)
        return [units(.calendar(for: planner, now: now)) + watch, units(.absolute(for: planner, now: now)) + watch]
    }

    /// Asks the notification server who it is, under `status`'s 2 s deadline.
    var serverInfo: @Sendable () throws -> NotificationServerInfo {
        { try LibnotifyPoster().serverInfo(deadline: .after(seconds: 2)) }
    }

    /// The collector behind `status` and `doctor`.
    ///
    /// Units generated from a config that cannot be read are never "in sync", so a broken config expects none.
    var statusCollector: StatusCollector {
        var collector = StatusCollector(
            loaded: loaded, configError: configError?.errorDescription, planner: planner, paths: paths,
            ledger: ledger, cache: cache,
            expectedUnits: configError == nil ? expectedUnits : [], now: now, serverInfo: serverInfo)
        let systemctl = Systemctl(subprocess: subprocess)
        let zones = zones
        let session = zone
        collector.managerZone = {
            guard let managerEnvironment = systemctl.environment() else { return nil }
            let manager = zones.systemZone(environment: managerEnvironment)
            // Another name for the same zone (UTC and Etc/UTC) is no mismatch.
            return manager.keepsSameTime(as: session) ? session.identifier : manager.identifier
        }
        collector.configNamesZone = config.delivery.timeZone != nil
        collector.generatorDirectory = environment["XDG_RUNTIME_DIR"].map { "\($0)/systemd/generator" }
        collector.zoneNamed = { try? zones.zone(named: $0) }
        return collector
    }

    /// The absolute path of this binary, which the services run.
    var executablePath: String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// `--config`'s file as an absolute path, for the services; nil for the default file.
    var configArgument: String? {
        guard let explicit else { return nil }
        return URL(fileURLWithPath: explicit).standardizedFileURL.path
    }

    /// The planner for the loaded configuration.
    var planner: DeliveryPlanner {
        DeliveryPlanner(rules: config.delivery.rules, zone: zone, refreshLead: config.refresh.lead.seconds)
    }
}
