import ArgumentParser
import DailyQuoteKit
import FoundationEssentials

/// `dailyquote config path`.
struct ConfigPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the config, system config, cache and state paths in use (XDG variables respected), and the default sources.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let environment = CommandEnvironment(global)
        let paths = environment.paths
        let tr = environment.tr
        // TRANSLATORS: config path's labels; "config:" and "sources:" are status's.
        let (config, system, cache, state, sources) = (tr("config:"), tr("system:"), tr("cache:"), tr("state:"), tr("sources:"))
        // The cache and state paths line up under the config path ("cache:  ~/.cache/dailyquote").
        let column = max(config.count, cache.count, state.count)
        // A full-width colon carries its own space, as in doctor's lines ("配置：/home/…").
        let line = { (label: String, value: String, aligned: Bool) in
            let padded = aligned ? label + String(repeating: " ", count: column - label.count) : label
            print(padded + (padded.hasSuffix("：") ? "" : " ") + value)
        }
        line(config, global.config ?? paths.defaultConfigFile, false)
        // Most important first, as $XDG_CONFIG_DIRS lists them; absent ones are marked.
        for file in paths.systemConfigFiles {
            // TRANSLATORS: config path: a system config file that does not exist.
            line(system, FileManager.default.fileExists(atPath: file) ? file : tr("%s (absent)", file), false)
        }
        line(cache, paths.cacheDirectory, true)
        line(state, paths.stateDirectory, true)
        // The list a config without [[source]] gets (the file is not read here: a broken one
        // must not hide the paths); `status` says which list is in use.
        line(sources, tr("without [[source]]: %s", DefaultSources(languages: tr.languages).text(tr)), false)
    }
}
