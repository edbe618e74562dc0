import ArgumentParser

/// The `--dry-run` flag, shared by every command that acts.
///
/// The promise is the same everywhere: show what would happen, and change nothing. Commands
/// turn it into an `ExecutionMode`, through which every side effect passes.
struct DryRunOption: ParsableArguments {
    @Flag(name: .long, help: "Show what would happen; touch no network and write no file.")
    var dryRun = false
}
