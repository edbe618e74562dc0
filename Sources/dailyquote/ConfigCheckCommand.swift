import ArgumentParser
import DailyQuoteKit
import FoundationEssentials
import Logging

/// `dailyquote config check`.
struct ConfigCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the config file and the system-wide ones; print 'ok: <path>' for each or the problem (exit 78).")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try CommandContext(global)
        // The system files alone are what a user without a file of their own gets: they must
        // stand alone, even where this user's file overrides a broken value.
        if !context.loaded.systemFiles.isEmpty {
            _ = try ConfigLoader(paths: context.paths, zones: context.zones, environment: context.environment)
                .load(explicitPath: nil, userFile: false)
        }
        // A broken symbolic link is warned about as the config is loaded, for every command.
        if !context.loaded.fileExists, context.loaded.brokenLink == nil {
            context.logger.notice("\(context.loaded.path) does not exist; the built-in defaults apply")
        }
        // The user manager is asked only when a header takes a variable: it costs a process.
        let usesVariables = context.config.sources.contains { !$0.headerVariables.isEmpty }
        let managerEnvironment = usesVariables ? Systemctl(subprocess: context.subprocess).environment() : nil
        let warnings =
            context.config.sourceWarnings() + context.config.secretWarnings(managerEnvironment: managerEnvironment)
            + context.config.quotesWarnings()
        for warning in warnings {
            context.logger.warning("\(context.loaded.path): \(warning)")
        }
        print("ok: \(context.loaded.path)")
        for file in context.loaded.systemFiles { print("ok: \(file) (system)") }
    }
}
