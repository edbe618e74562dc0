import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials
import Logging

/// `dailyquote refresh`: the fetch stage.
struct RefreshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch a quote from the configured sources under a hard deadline and cache it.",
        discussion: "Exit status 0 when a quote was fetched or the cached one is current, 75 when no source gave an acceptable quote."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var dryRun: DryRunOption

    @Flag(help: "Print the outcome as one JSON object.")
    var json = false

    func run() throws {
        let started = ContinuousClock.now
        let context = try CommandContext(global)
        let config = context.config
        if dryRun.mode.isDryRun {
            let plan = FetchPlan(config: config, cachePath: context.stages.cache.path)
            print(json ? try JSONOutput.encode(plan) : plan.text)
            return
        }
        // After the stage, whatever its outcome: a service of an older `install` brings its units up to date.
        defer { InstalledUnitsUpdate(context: context).run() }
        let outcome = try context.stages.fetchStage.run(started: started)
        if json {
            print(try JSONOutput.encode(outcome))
        } else if outcome.result == .failed {
            // A failure is an error: on standard error like every other (under systemd with the error priority),
            // so a script reading standard output gets nothing.
            context.logger.error("\(outcome.text)")
        } else {
            print(outcome.text)
        }
        if outcome.result == .failed { throw CommandFailure(alreadyReported: .temporary) }
    }
}
