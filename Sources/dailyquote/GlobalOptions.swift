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
