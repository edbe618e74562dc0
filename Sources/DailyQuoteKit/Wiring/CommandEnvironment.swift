import DailyQuoteSystem
import FoundationEssentials
import Logging

/// What every command has, whatever the config file says: the environment variables, the
/// paths, a logger and the clock.
///
/// Commands that need no plan (`history`, `uninstall`, `config path`, `config init`) build only
/// this (`clear` needs only ``AppPaths``), so a broken config never stops a user from reading the
/// history or removing the tool; so does the holder, which loads no config
/// (``runHolder(verbosity:executable:)``). ``CommandContext`` adds the loaded config and the plan.
package struct CommandEnvironment {
    package let variables: [String: String]
    package let paths: AppPaths
    package let zones: TimeZoneDatabase
    package let logger: Logger
    /// The instant the command started (Unix seconds).
    package let now: Int64
    /// The `--config` argument as given.
    package let explicitConfig: String?
    /// The person's language (gettext's locale rules), for what they see.
    package let tr: Translator

    /// The environment for the global options' values (`--config`, how many `-v`), however
    /// they were parsed (``QuickRoute`` parses `notify`'s plain lines without ArgumentParser);
    /// `executable`, this binary's path, says where its translations are.
    package init(
        config: String?, verbosity: Int, variables: [String: String] = EnvironmentVariables.current(), clock: () -> Date = Date.init,
        executable: @autoclosure () -> String = CommandContext.resolveExecutable()
    ) {
        self.variables = variables
        paths = AppPaths(environment: variables)
        zones = TimeZoneDatabase(environment: variables)
        logger = StderrLogHandler.logger(verbosity: verbosity, environment: variables)
        now = Int64(clock().timeIntervalSince1970.rounded(.down))
        explicitConfig = config
        tr = Translator.start(environment: variables, executable: executable())
    }

    /// An environment from its parts (the generator's: no argument parsing, no translation).
    package init(
        variables: [String: String], paths: AppPaths, zones: TimeZoneDatabase, logger: Logger, now: Int64, explicitConfig: String?,
        tr: Translator
    ) {
        self.variables = variables
        self.paths = paths
        self.zones = zones
        self.logger = logger
        self.now = now
        self.explicitConfig = explicitConfig
        self.tr = tr
    }

    /// The config file in use: `--config`, else the XDG default.
    package var configPath: String { explicitConfig ?? paths.defaultConfigFile }

    /// The system's zone (`TZ`, `/etc/localtime`, ...), for commands that show times without a plan.
    package var systemZone: ZoneRules { zones.systemZone(environment: variables) }

    /// The delivery ledger in the state directory.
    package var ledger: DeliveryLedger { paths.deliveryLedger(logger: logger) }

    /// Runs helper programs (`systemctl`, `systemd-analyze`) with this environment.
    package var subprocess: Subprocess { Subprocess(environment: variables) }

    /// The user unit directory `install` writes to.
    package var unitDirectory: UnitDirectory { UnitDirectory(path: paths.systemdUserDirectory) }

    /// The zone to show times in: the config's if the config loads, else the system's.
    ///
    /// A broken config is mentioned, not fatal: showing past deliveries needs no plan.
    package func displayZone() -> ZoneRules {
        do {
            return try CommandContext(self).zone
        } catch {
            logger.notice("the config cannot be used (\(error.message)); times are shown in the system's zone")
            return systemZone
        }
    }
}
