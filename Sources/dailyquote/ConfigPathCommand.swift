import ArgumentParser
import DailyQuoteKit
import FoundationEssentials

/// `dailyquote config path`.
struct ConfigPathCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the config, system config, cache and state paths in use (XDG variables respected), and the default sources.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let environment = CommandEnvironment(global)
        let paths = environment.paths
        print("config: \(global.config ?? paths.defaultConfigFile)")
        // Most important first, as $XDG_CONFIG_DIRS lists them; absent ones are marked.
        for file in paths.systemConfigFiles {
            print("system: \(file)\(FileManager.default.fileExists(atPath: file) ? "" : " (absent)")")
        }
        print("cache:  \(paths.cacheDirectory)")
        print("state:  \(paths.stateDirectory)")
        // The list a config without [[source]] gets (the file is not read here: a broken one
        // must not hide the paths); `status` says which list is in use.
        let tr = environment.tr
        print("sources: " + tr("without [[source]]: %s", DefaultSources(languages: tr.languages).text(tr)))
    }
}
