import ArgumentParser

/// `dailyquote config`: check, locate and create the config file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check, locate or create the config file.",
        subcommands: [ConfigCheckCommand.self, ConfigPathCommand.self, ConfigInitCommand.self]
    )
}
