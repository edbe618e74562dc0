import ArgumentParser
import DailyQuoteKit

/// `dailyquote hold`: the holder `notify` starts (internal; not shown in help).
///
/// The run and its wire with `notify` are the library's ``CommandEnvironment/runHolder(verbosity:executable:)``; ``QuickRoute`` takes
/// the line `notify` starts, `dailyquote hold`, there without ArgumentParser.
struct HoldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hold",
        abstract: "Post a notification handed over on standard input and keep it while it is shown (used by notify).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try CommandEnvironment.runHolder(verbosity: global.verbose, executable: CommandContext.resolveExecutable())
    }
}
