import ArgumentParser
import DailyQuoteKit
import FoundationEssentials

/// `dailyquote config init`.
struct ConfigInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented default config file.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Overwrite an existing config file.")
    var force = false

    func run() async throws {
        let paths = AppPaths(environment: ProcessInfo.processInfo.environment)
        let path = global.config ?? paths.defaultConfigFile
        if FileManager.default.fileExists(atPath: path), !force {
            throw CommandFailure("\(path) already exists; use --force to overwrite it")
        }
        try AtomicFile.write(Data(ConfigTemplate.text.utf8), to: path)
        print("wrote \(path)")
    }
}
