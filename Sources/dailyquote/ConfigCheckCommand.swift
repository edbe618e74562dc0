import ArgumentParser
import DailyQuoteKit
import FoundationEssentials
import Logging

/// `dailyquote config check`.
struct ConfigCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the config file; print 'ok: <path>' or the problem (exit 78).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(global)
        if !context.loaded.fileExists {
            context.logger.notice("\(context.loaded.path) does not exist; the built-in defaults apply")
        }
        for warning in context.config.sourceWarnings() + context.config.quotesWarnings() {
            context.logger.warning("\(context.loaded.path): \(warning)")
        }
        print("ok: \(context.loaded.path)")
    }
}
