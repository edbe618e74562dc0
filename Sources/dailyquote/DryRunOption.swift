import ArgumentParser
import DailyQuoteKit

/// The `--dry-run` flag, shared by every command that acts.
///
/// The promise is the same everywhere: show what would happen, and change nothing. Every
/// command reads it as ``mode``; see `ExecutionMode` for who checks it where.
struct DryRunOption: ParsableArguments {
    @Flag(name: .long, help: "Show what would happen; touch no network and write no file.")
    var dryRun = false

    /// The flag as the value commands and stages take.
    var mode: ExecutionMode { ExecutionMode(dryRun: dryRun) }
}
