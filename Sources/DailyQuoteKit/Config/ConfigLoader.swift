import FoundationEssentials

/// A configuration together with where it came from.
public struct LoadedConfig: Sendable, Equatable {
    public var config: Config
    /// The file that was read, or would have been.
    public var path: String
    /// False when no file exists at the default path and the built-in defaults are in use.
    public var fileExists: Bool

    public init(config: Config, path: String, fileExists: Bool) {
        self.config = config
        self.path = path
        self.fileExists = fileExists
    }
}

/// Finds and reads the config file: `--config PATH`, else the XDG default.
public struct ConfigLoader: Sendable {
    public var paths: AppPaths
    public var parser: ConfigParser

    /// `environment` supplies `${VAR}` values in source headers.
    public init(paths: AppPaths, zones: TimeZoneDatabase, environment: [String: String] = [:]) {
        self.paths = paths
        self.parser = ConfigParser(zones: zones, environment: environment)
    }

    /// The largest config file read; a real one is a few hundred bytes.
    public static let maximumSize = 1024 * 1024

    /// Loads `explicitPath` if given (it must exist), else the default file if it exists,
    /// else the built-in defaults.
    public func load(explicitPath: String?) throws(ConfigError) -> LoadedConfig {
        let path = explicitPath ?? paths.defaultConfigFile
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if explicitPath != nil {
                throw ConfigError(.fileNotFound, file: path, detail: "no such config file")
            }
            return LoadedConfig(config: .defaults, path: path, fileExists: false)
        }
        guard !isDirectory else {
            throw ConfigError(.unreadable, file: path, detail: "is a directory, not a config file")
        }
        // A plain read also reads devices and pipes, so `--config <(generate)` works.
        guard let file = ReadOnlyFile(path: path) else {
            throw ConfigError(.unreadable, file: path, detail: "cannot be read (check its permissions)")
        }
        let data: [UInt8]
        do {
            data = try file.readToEnd(maximum: Self.maximumSize)
        } catch {
            throw ConfigError(.unreadable, file: path, detail: "cannot be read: \(error.description)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(.invalidTOML, file: path, detail: "invalid TOML: the file is not valid UTF-8")
        }
        return LoadedConfig(config: try parser.parse(text, file: path), path: path, fileExists: true)
    }
}
