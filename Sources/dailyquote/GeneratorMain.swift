import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials

/// `dailyquote-generator NORMAL-DIR [EARLY-DIR LATE-DIR]`: the systemd user generator
/// (systemd.generator(7)), which is this binary under another name.
///
/// It writes the units `install` would write for the running user, plus the config watch, into
/// NORMAL-DIR, with the `*.wants/` links that enable them. It talks to no process (no D-Bus,
/// no systemctl, no network) and never fails the manager: a config it cannot use gets one
/// line on standard error (the user manager's stderr is in the journal; a user cannot write
/// /dev/kmsg) and no units, and the exit status is 0.
enum GeneratorMain {
    /// The name the binary answers to as a generator.
    static let name = "dailyquote-generator"

    /// Whether `argument0` (the path systemd ran) names the generator.
    static func isInvoked(as argument0: String) -> Bool { PathName.lastComponent(of: argument0) == name }

    /// Runs the generator; the exit status (0 unless the arguments are not a generator's).
    static func run(arguments: [String], variables: [String: String]) -> Int32 {
        guard let directory = arguments.first, arguments.count == 1 || arguments.count == 3 else {
            log("usage: \(name) NORMAL-DIR [EARLY-DIR LATE-DIR] (systemd runs it; see systemd.generator(7))", variables)
            return ExitStatus.code(for: .usage)
        }
        do {
            let context = try CommandContext(CommandEnvironment(generatorVariables: variables))
            guard context.config.delivery.enabled else { return 0 }
            // Asking systemd-analyze which style it can follow, as `install` does, would run
            // another process, which a generator must not: the style comes from a pure rule.
            let schedule = TimerSchedule.generated(for: context.planner, now: context.now)
            var units = context.units(schedule) + context.configWatchUnits(commands: ConfigWatchUnits.reloadCommands)
            if schedule.style == .absolute { units.append(ConfigWatchUnits.renewalTimer) }
            try GeneratorOutput(units: units, configFile: context.loaded.path).write(to: directory)
        } catch let error as GeneratorOutput.WriteError {
            log("cannot write \(error.path): \(error.reason)", variables)
        } catch {
            log("\(error.message); no units written", variables)
        }
        return 0
    }

    /// One line on standard error, with a warning priority for the journal when it reads it.
    static func log(_ message: String, _ variables: [String: String]) {
        let prefix = (variables["JOURNAL_STREAM"] ?? "").isEmpty ? "" : "<4>"
        StderrLogHandler.writeToStandardError("\(prefix)\(name): \(message.replacing("\n", with: " "))\n")
    }
}

extension CommandEnvironment {
    /// The environment of a generator run: the manager's variables, the default config file,
    /// notices only, and no argument parsing (swift-argument-parser's first use costs
    /// milliseconds that a generator, which delays every login, should not spend:
    /// docs/performance.md).
    fileprivate init(generatorVariables variables: [String: String]) {
        // The generator writes units, no words for a person.
        self.init(
            variables: variables, paths: AppPaths(environment: variables), zones: TimeZoneDatabase(environment: variables),
            logger: StderrLogHandler.logger(verbosity: 0, environment: variables), now: Int64(Date().timeIntervalSince1970.rounded(.down)),
            explicitConfig: nil, tr: .english)
    }
}
