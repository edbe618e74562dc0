import ArgumentParser
import DailyQuoteKit
import FoundationEssentials

/// `dailyquote config path`.
struct ConfigPathCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the config, cache and state paths in use (XDG variables respected).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let paths = AppPaths(environment: ProcessInfo.processInfo.environment)
        print("config: \(global.config ?? paths.defaultConfigFile)")
        print("cache:  \(paths.cacheDirectory)")
        print("state:  \(paths.stateDirectory)")
    }
}
