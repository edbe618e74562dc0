import ArgumentParser
import DailyQuoteKit
import FoundationEssentials
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The `dailyquote` command: one calm quote a day as a desktop notification.
@main
struct DailyQuote: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dailyquote",
        abstract: "Deliver one well-chosen quote a day as a desktop notification.",
        discussion: """
            With no subcommand, `dailyquote` runs the foreground scheduler (`run`). \
            Preview the plan with `dailyquote schedule`, or `dailyquote --dry-run`.
            """,
        version: "0.1.0",
        subcommands: [
            RunCommand.self, RefreshCommand.self, NotifyCommand.self, ShowCommand.self, FavoritesCommand.self, HistoryCommand.self,
            ClearCommand.self,
            ScheduleCommand.self, ConfigCommand.self, InstallCommand.self, UninstallCommand.self, StatusCommand.self, DoctorCommand.self,
            HoldCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    // Declared for `--help` and shell completion: `dailyquote --config F --dry-run` runs `run`
    // with them (GlobalOptionRouting names it), so the root itself never reads these.
    @OptionGroup var global: GlobalOptions
    @OptionGroup var dryRun: DryRunOption

    /// Parses the arguments and runs the command, mapping user-facing errors to their exit
    /// status and a single line on standard error.
    static func main() async {
        do {
            let arguments = try GlobalOptionRouting.normalise(Array(CommandLine.arguments.dropFirst()), root: self)
            var command = try parseAsRoot(arguments)
            if let scheduler = command as? RunCommand {
                // On this thread, not the concurrency pool: see ForegroundScheduler.
                try scheduler.runOnCallingThread()
            } else if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as GlobalOptionRouting.UnknownCommand {
            StderrLogHandler.logger(verbosity: 0, environment: ProcessInfo.processInfo.environment).error("\(error.message)")
            Glibc.exit(ExitCode.validationFailure.rawValue)
        } catch let error as UserFacingError {
            let logger = StderrLogHandler.logger(verbosity: 0, environment: ProcessInfo.processInfo.environment)
            logger.error("\(error.errorDescription ?? "\(error)")")
            Glibc.exit(error.exitCode)
        } catch {
            exit(withError: error)
        }
    }
}
