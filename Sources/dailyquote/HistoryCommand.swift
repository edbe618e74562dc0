import ArgumentParser
import DailyQuoteKit
import Logging

/// `dailyquote history`: list past deliveries.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List past deliveries, newest last."
    )

    @OptionGroup var global: GlobalOptions

    // Unconditional, so that `--limit -1` is read as a value and explained, not taken for an option.
    @Option(parsing: .unconditional, help: "Show at most this many entries.")
    var limit = 20

    @Flag(help: "Print a JSON array.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be a positive whole number, not \(limit).") }
    }

    func run() throws {
        // No plan needed: a broken config must not hide the history.
        let context = CommandEnvironment(global)
        let entries = ActionLog(path: context.paths.actionLog).annotate(
            ClosedLog(path: context.paths.closedLog).annotate(Array(context.ledger.history().suffix(limit))))
        if json {
            print(try JSONOutput.encode(entries))
            return
        }
        guard !entries.isEmpty else {
            context.logger.notice("no deliveries yet (\(context.ledger.historyPath))")
            return
        }
        let format = ZonedTimeFormat(zone: context.displayZone())
        for entry in entries { print(entry.line(format: format)) }
    }
}
