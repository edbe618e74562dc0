import ArgumentParser

/// Options every subcommand accepts.
struct GlobalOptions: ParsableArguments {
    // Every file name: a config need not end in .toml, and with only .toml files offered a
    // directory without one offered no file at all (issue 36).
    @Option(
        name: .long, help: ArgumentHelp("Read this config file instead of the default.", valueName: "path"),
        completion: .file())
    var config: String?

    @Flag(name: .shortAndLong, help: "Log more detail to standard error (repeat for debug output).")
    var verbose: Int
}
