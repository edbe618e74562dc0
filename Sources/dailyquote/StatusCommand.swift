import ArgumentParser
import DailyQuoteKit
import FoundationEssentials

/// `dailyquote status`: what is planned, what happened, and what schedules it.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the plan, the cached quote, the last refresh and delivery, the engine and the notification server."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        let context = try CommandContext(global, tolerateInvalidConfig: true)
        let report = context.statusCollector.collect()
        print(json ? try JSONOutput.encode(report) : report.text(context.base.tr), terminator: json ? "\n" : "")
    }
}
