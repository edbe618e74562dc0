import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials
import Logging

/// The `dailyquote` command: one calm quote a day as a desktop notification.
@main
struct DailyQuote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dailyquote",
        abstract: "Deliver one well-chosen quote a day as a desktop notification.",
        discussion: """
            With no subcommand, `dailyquote` runs the foreground scheduler (`run`) in a session without a systemd \
            user manager. Where one runs the session, a scheduler already runs, or the quotes are off \
            (`enabled = false`), it starts none: it says why and what to run instead, and exits 0. \
            Preview the plan with `dailyquote schedule`, or `dailyquote --dry-run`.
            """,
        version: ReleaseVersion.current,
        subcommands: [
            RunCommand.self, RefreshCommand.self, NotifyCommand.self, ShowCommand.self, FavoritesCommand.self, HistoryCommand.self,
            ClearCommand.self,
            ScheduleCommand.self, ConfigCommand.self, InstallCommand.self, UninstallCommand.self, StatusCommand.self, DoctorCommand.self,
            HoldCommand.self, ActionServiceCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    // Declared for `--help` and shell completion: `dailyquote --config F --dry-run` runs `run`
    // with them (GlobalOptionRouting names it), so the root itself never reads these.
    @OptionGroup var global: GlobalOptions
    @OptionGroup var dryRun: DryRunOption

    /// Parses the arguments and runs the command; every failure ends in one line on standard
    /// error and the status of its kind (``ProcessEnd``).
    static func main() {
        // Installed as a systemd user generator under that name (a link to this binary).
        // Not CommandLine's: those are empty where /proc is not mounted (ProcessArguments).
        let given = ProcessArguments.current
        if let first = given.first, GeneratorMain.isInvoked(as: first) {
            ProcessEnd.exit(GeneratorMain.run(arguments: Array(given.dropFirst()), variables: EnvironmentVariables.current()))
        }
        let route: QuickRoute?
        var command: ParsableCommand?
        var arguments: [String] = []
        do {
            arguments = try GlobalOptionRouting.normalise(Array(given.dropFirst()), root: self)
            // The plain lines skip ArgumentParser's start-up; it parses everything else.
            route = QuickRoute(arguments)
            command = route == nil ? try parseAsRoot(arguments) : nil
        } catch let error as GlobalOptionRouting.UnknownCommand {
            fail(error.message, kind: .usage)
        } catch {
            // The routing named `run` for options given without a command: the mistake is the
            // whole command line's, not run's.
            usageFailure(error, arguments: arguments, commandTyped: arguments.first.map { given.dropFirst().contains($0) } ?? true)
        }
        do {
            if case .version? = route {
                print(configuration.version)
            } else if case .hold? = route {
                try CommandEnvironment.runHolder(verbosity: 0, executable: CommandContext.resolveExecutable())
            } else if case .notify(let request) = route {
                try request.run()
            } else if let scheduler = command as? RunCommand {
                // Without `run` typed, it stands aside where the timers or the opt-out say so.
                try scheduler.run(bare: !given.dropFirst().contains(RunCommand._commandName))
            } else {
                try command?.run()
            }
        } catch let error as UserFacingError {
            fail(error.errorDescription, kind: error.kind)
        } catch  where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            // A usage error found while running (`ValidationError`), or ArgumentParser's own
            // `help schedule` ending: its format, with the usage it belongs to.
            // By module name, not by type: `help NAME` ends with a `CommandError`, which (like
            // `ParserError`) ArgumentParser keeps internal; only ValidationError, CleanExit and
            // ExitCode are public, so `is` cannot name them all (swift-argument-parser 1.8.2).
            usageFailure(error, arguments: arguments, commandTyped: true)
        } catch {
            fail(error.message, kind: .failed)
        }
    }

    /// Ends with ArgumentParser's `error` (a help or version request prints and exits 0): the
    /// mistake in this program's one shape, `dailyquote: error: …; see 'dailyquote status --help'`
    /// (exit 64), pointing at the help of the command typed (`arguments`); where none was typed,
    /// at `dailyquote --help`.
    static func usageFailure(_ error: any Error, arguments: [String], commandTyped: Bool) -> Never {
        guard exitCode(for: error) != .success else { exit(withError: error) }
        var text = message(for: error)
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        // One line: anything ArgumentParser adds below its first is in the command's help.
        text = String(text.prefix { $0 != "\n" })
        text = text.prefix(1).lowercased() + text.dropFirst()
        let command = commandTyped ? GlobalOptionRouting.commandPath(arguments, root: self) : configuration.commandName ?? "dailyquote"
        fail(GlobalOptionRouting.usageLine(text, command: command), kind: .usage)
    }

    /// Logs `message` (unless the command already said it) and exits with `kind`'s status.
    static func fail(_ message: String?, kind: ErrorKind) -> Never {
        ProcessEnd.fail(message, kind: kind, logger: StderrLogHandler.logger(verbosity: 0, environment: EnvironmentVariables.current()))
    }
}
