import ArgumentParser
import DailyQuoteKit
import FoundationEssentials

/// `dailyquote schedule`: preview the planned deliveries and refreshes.
struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Show the next planned deliveries and refreshes; changes nothing."
    )

    @OptionGroup var global: GlobalOptions

    @Option(parsing: .unconditional, help: "How many deliveries to show (1-1000).")
    var count = 7

    @Option(
        help: ArgumentHelp(
            "Start from this instant instead of now: ISO 8601 with an offset, or 'YYYY-MM-DD HH:MM[:SS]' in the configured zone.",
            valueName: "timestamp"))
    var from: String?

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        guard (1...1000).contains(count) else {
            throw ValidationError("--count must be between 1 and 1000, not \(count).")
        }
        // The syntax does not depend on the zone, which needs the config: a mistake here is a
        // usage error, shown with this command's usage.
        if let from, TimestampParser.parse(from, zone: .utc) == nil { throw ValidationError(Self.fromProblem(from)) }
    }

    static func fromProblem(_ from: String) -> String {
        "--from: cannot read '\(from)'; use ISO 8601 with an offset (2026-03-29T00:30:00+01:00) or 'YYYY-MM-DD HH:MM[:SS]' in the configured zone."
    }

    func run() throws {
        let context = try CommandContext(global)
        var start = context.now
        if let from {
            guard let parsed = TimestampParser.parse(from, zone: context.zone) else { throw ValidationError(Self.fromProblem(from)) }
            start = parsed
        }
        let preview = SchedulePreview(
            planner: context.planner, start: start, count: count, namesSlots: context.config.delivery.times != nil)
        if json {
            print(try JSONOutput.encode(preview.report))
        } else {
            print(preview.text, terminator: "")
        }
    }
}
