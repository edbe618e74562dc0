import DailyQuoteSystem
import FoundationEssentials

/// A configuration together with where it came from.
package struct LoadedConfig: Sendable, Equatable {
    package var config: Config
    /// The file that was read, or would have been.
    package var path: String
    /// False when no file exists at the default path and the built-in defaults are in use.
    package var fileExists: Bool
    /// The system-wide files that exist and were read under the user's, most important first.
    package var systemFiles: [String]
    /// For each known key, where its effective value came from (see ``LayeredConfig``).
    package var origins: [String: ConfigValueOrigin]
    /// The default source list in use and why, when no file gives `[[source]]`; set by
    /// ``useDefaultSources(_:)``.
    package var defaultSources: DefaultSources?
    /// Where the user's config path points when it is a broken symbolic link (a dotfiles
    /// layout whose target is not there): the built-in defaults apply, as with no file, and
    /// `config check`, `status` and `doctor` name the link.
    package var brokenLink: String?

    package init(
        config: Config, path: String, fileExists: Bool, systemFiles: [String] = [], origins: [String: ConfigValueOrigin] = [:]
    ) {
        self.config = config
        self.path = path
        self.fileExists = fileExists
        self.systemFiles = systemFiles
        self.origins = origins
    }

    /// The file whose `enabled = false` under `[delivery]` turns the quotes off (the user's, or a
    /// system file no user file overrides); nil while they are on.
    ///
    /// Only `install`, run by hand, still writes timers then; the generator writes none, and
    /// `run` delivers nothing.
    package var turnedOffIn: String? {
        guard !config.delivery.enabled else { return nil }
        return origins["delivery.enabled"]?.file ?? path
    }
}

/// Finds and reads the config files: the system-wide ones under `$XDG_CONFIG_DIRS`, then
/// the user's on top (`--config PATH`, else the XDG default).
package struct ConfigLoader: Sendable {
    package var paths: AppPaths
    package var parser: ConfigParser

    /// `environment` supplies `${VAR}` values in source headers.
    package init(paths: AppPaths, zones: TimeZoneDatabase, environment: [String: String] = [:]) {
        self.paths = paths
        self.parser = ConfigParser(zones: zones, environment: environment)
    }

    /// The largest config file read; a real one is a few hundred bytes.
    package static let maximumSize = 1024 * 1024

    /// Loads the system files that exist, then the user's file.
    ///
    /// The user's file is `explicitPath` if given (it must exist), else the default file if it
    /// exists; keys no file sets keep their built-in defaults.
    /// With `userFile` false, only the system files are read: what a user without a file gets.
    package func load(explicitPath: String?, userFile: Bool = true) throws(ConfigError) -> LoadedConfig {
        let path = explicitPath ?? paths.defaultConfigFile
        var layers: [ConfigLayer] = []
        // The spec lists the most important directory first; the stack is built from the bottom.
        for file in paths.systemConfigFiles.reversed() {
            guard let text = try Self.read(file, required: false) else { continue }
            layers.append(ConfigLayer(kind: .system, path: file, text: text))
        }
        let systemFiles = layers.reversed().map(\.path)
        let userText = userFile ? try Self.read(path, required: explicitPath != nil) : nil
        if let userText { layers.append(ConfigLayer(kind: .user, path: path, text: userText)) }
        let layered = try parser.parse(layers: layers)
        var loaded = LoadedConfig(
            config: layered.config, path: path, fileExists: userText != nil, systemFiles: systemFiles, origins: layered.origins)
        if userFile, userText == nil { loaded.brokenLink = SymbolicLink.danglingTarget(of: path) }
        return loaded
    }

    /// The text of the config file at `path`; nil if it does not exist and is not `required`.
    static func read(_ path: String, required: Bool) throws(ConfigError) -> String? {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if required {
                let detail = SymbolicLink.danglingTarget(of: path).map { "a symbolic link to \($0), which does not exist" }
                throw ConfigError(.fileNotFound, file: path, detail: detail ?? "no such config file")
            }
            return nil
        }
        guard !isDirectory else {
            throw ConfigError(.unreadable, file: path, detail: UnreadableFile.reason(path) ?? "is a directory, not a file")
        }
        // A plain read also reads devices and pipes, so `--config <(generate)` works.
        guard let file = ReadOnlyFile(path: path) else {
            throw ConfigError(.unreadable, file: path, detail: UnreadableFile.reason(path) ?? "cannot be read")
        }
        let data: [UInt8]
        do {
            data = try file.readToEnd(maximum: maximumSize)
        } catch {
            throw ConfigError(.unreadable, file: path, detail: "cannot be read: \(error.description)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(.invalidTOML, file: path, detail: "invalid TOML: the file is not valid UTF-8")
        }
        return text
    }
}

extension LoadedConfig {
    /// Puts `choice`'s list in place of the built-in one, unless a file gives `[[source]]`
    /// (an explicit list always wins).
    package mutating func useDefaultSources(_ choice: DefaultSources) {
        guard !config.sourcesConfigured else { return }
        config.sources = choice.sources
        defaultSources = choice
    }
}
