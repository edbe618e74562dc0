import ArgumentParser
import DailyQuoteKit
import FoundationEssentials

/// `dailyquote refresh`: the fetch stage.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch a quote from the configured sources under a hard deadline and cache it.",
        discussion: "Exit status 0 when a quote was fetched or the cached one is current, 75 when no source gave an acceptable quote."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var dryRun: DryRunOption

    @Flag(help: "Print the outcome as one JSON object.")
    var json = false

    func run() async throws {
        let started = ContinuousClock.now
        let context = try CommandContext(global)
        let config = context.config
        if dryRun.dryRun {
            print("would try, in order, within \(config.refresh.timeout):")
            for (index, source) in config.sources.enumerated() {
                let target = source.effectiveURL ?? source.path ?? ""
                // Header names only: their values are secrets.
                let headers = source.headers.isEmpty ? "" : " (headers: \(source.headers.keys.sorted().joined(separator: ", ")))"
                print("  \(index + 1). \(source.name) \(target)\(headers)")
            }
            print("and cache the quote in \(context.cache.path)")
            return
        }
        let outcome = try await context.refreshStage.run(started: started)
        print(json ? try JSONOutput.encode(outcome) : outcome.text)
        if outcome.result == "failed" { throw ExitCode(75) }
    }
}
