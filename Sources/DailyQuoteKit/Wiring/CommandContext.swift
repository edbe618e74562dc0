import DailyQuoteSystem
import FoundationEssentials
import Logging

/// A ``CommandEnvironment`` plus the loaded configuration and the plan: what a command that
/// plans, fetches or posts needs.
package struct CommandContext {
    /// What every command has, config or not.
    package let base: CommandEnvironment
    package let loaded: LoadedConfig
    /// The zone deliveries are planned in: the configured one, else the system's.
    package let zone: ZoneRules

    /// Why the config file could not be used, when the command asked to go on without it.
    package let configError: (any UserFacingError)?

    package var environment: [String: String] { base.variables }
    package var paths: AppPaths { base.paths }
    package var zones: TimeZoneDatabase { base.zones }
    package var logger: Logger { base.logger }
    /// The instant the command started (Unix seconds).
    package var now: Int64 { base.now }
    /// The `--config` argument as given.
    package var explicit: String? { base.explicitConfig }
    package var subprocess: Subprocess { base.subprocess }
    package var unitDirectory: UnitDirectory { base.unitDirectory }

    /// Loads the config and the plan on top of `base`.
    package init(_ base: CommandEnvironment, tolerateInvalidConfig: Bool = false) throws {
        self.base = base
        let environment = base.variables
        sessionEnvironments = [environment]
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

    package var config: Config { loaded.config }

    /// The stages, wired from this plan.
    package let stages: StageFactory

    /// The planner for the loaded configuration.
    package var planner: DeliveryPlanner { stages.planner }

    /// The environments of the session the services run in, whose paths under `/tmp` keep them
    /// from a private one (``UnitSandbox/sessionTmpPaths(environments:files:)``): this process's
    /// (a service's, or the generator's: the user manager's), to which `install` adds the user manager's.
    package var sessionEnvironments: [[String: String]]

    /// The units that match the loaded config, in `schedule`'s style; `privateTmp` overrides what
    /// ``sessionEnvironments`` decide.
    package func units(_ schedule: TimerSchedule, privateTmp: Bool? = nil) -> [SystemdUnit] {
        var sandbox = UnitSandbox(paths: paths, environments: sessionEnvironments, files: configArgument.map { [$0] } ?? [])
        if let privateTmp { sandbox.privateTmp = privateTmp }
        return UnitGenerator(
            executable: executablePath, configArgument: configArgument, config: config, schedule: schedule, zone: zone,
            permanentExitStatuses: ExitStatus.permanent, sandbox: sandbox
        ).units
    }

    /// The units `install` would write now, in both calendar styles and with `/tmp` private or
    /// shared: installed files equal to any are in sync (`install` picks the style after asking
    /// systemd, and `/tmp` after asking the user manager, which `status` does not; `doctor` says
    /// whether the `/tmp` of the units in use suits the session).
    package var expectedUnits: [[SystemdUnit]] {
        let watch = configWatchUnits(commands: reinstallCommands)
        return [true, false].flatMap { privateTmp in
            [
                units(.calendar(for: planner, now: now), privateTmp: privateTmp) + watch,
                units(.absolute(for: planner, now: now), privateTmp: privateTmp) + watch,
            ]
        }
    }

    /// The collector behind `status` and `doctor`.
    ///
    /// Units generated from a config that cannot be read are never "in sync", so a broken config expects none.
    package var statusCollector: StatusCollector {
        stages.statusCollector(
            configError: configError?.errorDescription, expectedUnits: configError == nil ? expectedUnits : [], now: now,
            subprocess: subprocess, zones: zones)
    }

    /// The absolute path of this binary, which the services and the holder run.
    package var executablePath: String { stages.executable }

    /// Where this binary is: `/proc/self/exe`, else the first argument made absolute (found on
    /// `PATH` where it names no directory), else `dailyquote`.
    package static func resolveExecutable() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        guard let first = ProcessArguments.current.first, !first.isEmpty else { return "dailyquote" }
        if first.contains("/") { return URL(fileURLWithPath: first).standardizedFileURL.path }
        let path = EnvironmentVariables.current()["PATH"] ?? ""
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = "\(directory)/\(first)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return first
    }

    /// `--config`'s file as an absolute path, for the services; nil for the default file.
    package var configArgument: String? {
        guard let explicit else { return nil }
        return URL(fileURLWithPath: explicit).standardizedFileURL.path
    }
}
