import ArgumentParser
import DailyQuoteKit
import FoundationEssentials

/// `dailyquote config path`.
struct ConfigPathCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the config, system config, cache and state paths in use (XDG variables respected).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let paths = AppPaths(environment: ProcessInfo.processInfo.environment)
        print("config: \(global.config ?? paths.defaultConfigFile)")
        // Most important first, as $XDG_CONFIG_DIRS lists them; absent ones are marked.
        for file in paths.systemConfigFiles {
            print("system: \(file)\(FileManager.default.fileExists(atPath: file) ? "" : " (absent)")")
        }
        print("cache:  \(paths.cacheDirectory)")
        print("state:  \(paths.stateDirectory)")
    }
}
