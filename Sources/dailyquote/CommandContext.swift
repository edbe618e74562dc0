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
        // No [[source]]: quotes in the person's language where Debian has them installed.
        loaded.useDefaultSources(DefaultSources(languages: base.tr.languages))
        self.loaded = loaded
        self.zone = zone ?? base.systemZone
        var stages = StageFactory(
            loaded: loaded, zone: self.zone, paths: base.paths, environment: environment, logger: base.logger,
            executable: Self.resolveExecutable())
        stages.tr = base.tr
        self.stages = stages
        if let target = loaded.brokenLink {
            base.logger.warning("\(loaded.path) is a broken symbolic link (\(target) does not exist); using the built-in defaults")
        } else if !loaded.fileExists {
            base.logger.info("no config file at \(loaded.path); using the built-in defaults")
        }
    }

    var config: Config { loaded.config }

    /// The stages, wired from this plan.
    let stages: StageFactory

    /// The planner for the loaded configuration.
    var planner: DeliveryPlanner { stages.planner }

    /// The units that match the loaded config, in `schedule`'s style.
    func units(_ schedule: TimerSchedule) -> [SystemdUnit] {
        UnitGenerator(
            executable: executablePath, configArgument: configArgument, config: config, schedule: schedule, zone: zone,
            permanentExitStatuses: ErrorKind.permanentExitStatuses
        ).units
    }

    /// The units `install` would write now, in both calendar styles: installed files equal to
    /// either are in sync (`install` picks the style after asking systemd, which `status` does not).
    var expectedUnits: [[SystemdUnit]] {
        let watch = configWatchUnits(commands: reinstallCommands)
        return [units(.calendar(for: planner, now: now)) + watch, units(.absolute(for: planner, now: now)) + watch]
    }

    /// The collector behind `status` and `doctor`.
    ///
    /// Units generated from a config that cannot be read are never "in sync", so a broken config expects none.
    var statusCollector: StatusCollector {
        stages.statusCollector(
            configError: configError?.errorDescription, expectedUnits: configError == nil ? expectedUnits : [], now: now,
            subprocess: subprocess, zones: zones)
    }

    /// The absolute path of this binary, which the services and the holder run.
    var executablePath: String { stages.executable }

    /// Where this binary is: `/proc/self/exe`, else the first argument made absolute.
    static func resolveExecutable() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// `--config`'s file as an absolute path, for the services; nil for the default file.
    var configArgument: String? {
        guard let explicit else { return nil }
        return URL(fileURLWithPath: explicit).standardizedFileURL.path
    }
}
