import ArgumentParser

/// Options every subcommand accepts.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Read this config file instead of the default.", valueName: "path"),
        completion: .file(extensions: ["toml"]))
    var config: String?

    @Flag(name: .shortAndLong, help: "Log more detail to standard error (repeat for debug output).")
    var verbose: Int
}

/// The `--dry-run` flag, shared by every command that acts.
///
/// The promise is the same everywhere: show what would happen, and change nothing. Commands
/// turn it into an `ExecutionMode`, through which every side effect passes.
struct DryRunOption: ParsableArguments {
    @Flag(name: .long, help: "Show what would happen; touch no network and write no file.")
    var dryRun = false
}
