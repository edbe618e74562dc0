#if canImport(Glibc)
    import Glibc
#endif

/// Where dailyquote keeps its files, following the XDG Base Directory specification.
public struct AppPaths: Sendable, Codable, Equatable {
    /// `$XDG_CONFIG_HOME/dailyquote/config.toml`.
    public var defaultConfigFile: String
    /// `$XDG_CACHE_HOME/dailyquote`: the fetched quote.
    public var cacheDirectory: String
    /// `$XDG_STATE_HOME/dailyquote`: the delivery ledger, history and last results.
    public var stateDirectory: String
    /// `$XDG_DATA_HOME/dailyquote`: the saved favourites.
    public var dataDirectory: String
    /// `$XDG_CONFIG_HOME/systemd/user`: where `install` writes the timers.
    public var systemdUserDirectory: String
    /// `$XDG_CONFIG_HOME` (default `~/.config`).
    public var configHome: String

    /// Resolves the paths from `environment`.
    ///
    /// Relative XDG values are ignored, as the spec says.
    public init(environment: [String: String], home fallbackHome: @autoclosure () -> String = AppPaths.accountHome()) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? fallbackHome()
        func base(_ variable: String, _ defaultSuffix: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + defaultSuffix
        }
        configHome = base("XDG_CONFIG_HOME", "/.config")
        defaultConfigFile = "\(configHome)/dailyquote/config.toml"
        cacheDirectory = base("XDG_CACHE_HOME", "/.cache") + "/dailyquote"
        stateDirectory = base("XDG_STATE_HOME", "/.local/state") + "/dailyquote"
        dataDirectory = base("XDG_DATA_HOME", "/.local/share") + "/dailyquote"
        systemdUserDirectory = "\(configHome)/systemd/user"
    }

    /// The home directory in the password database, for when `HOME` is unset; `/` if none.
    public static func accountHome() -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir else {
            return "/"
        }
        return String(cString: directory)
    }
}
