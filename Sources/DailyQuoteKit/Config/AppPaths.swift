import DailyQuoteSystem

/// The one owner of the file layout: every file and directory of dailyquote's own, and the other
/// programs' files it writes, removes or looks for under the XDG directories, is named here,
/// following the XDG Base Directory specification.
///
/// Other types get the paths they need from a value of this type; none spells a file name.
/// (Not here: the paths a config names, the sockets dailyquote connects to, the zone files, `/proc`.)
package struct AppPaths: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/dailyquote/config.toml`.
    package var defaultConfigFile: String
    /// `$XDG_CACHE_HOME/dailyquote`: the fetched quote.
    package var cacheDirectory: String
    /// `$XDG_STATE_HOME/dailyquote`: the delivery ledger, history and last results.
    package var stateDirectory: String
    /// `$XDG_DATA_HOME/dailyquote`: the saved favourites.
    package var dataDirectory: String
    /// `$XDG_CONFIG_HOME/systemd/user`: where `install` writes the timers.
    package var systemdUserDirectory: String
    /// `$XDG_CONFIG_HOME` (default `~/.config`).
    package var configHome: String
    /// `DIR/dailyquote/config.toml` for each `$XDG_CONFIG_DIRS` entry (default `/etc/xdg`),
    /// most important first, as the spec orders them: the system-wide defaults.
    package var systemConfigFiles: [String]
    /// `DIR/autostart/dailyquote.desktop` for each `$XDG_CONFIG_DIRS` entry, in the same order:
    /// where the package's autostart entry may be (``AutostartEntry``).
    package var systemAutostartEntries: [String]
    /// `$XDG_RUNTIME_DIR`; nil when unset.
    package var runtimeDirectory: String?
    /// `$XDG_DATA_HOME` (default `~/.local/share`), then each `$XDG_DATA_DIRS` entry (default
    /// `/usr/local/share:/usr/share`): where GLib and the session bus look for the application's
    /// files, first found first.
    package var dataSearchDirectories: [String]

    /// Paths rooted where a test puts them; no system-wide directories unless given.
    package init(
        configHome: String, cacheDirectory: String, stateDirectory: String, dataDirectory: String? = nil, systemConfigFiles: [String] = [],
        systemAutostartEntries: [String] = [], runtimeDirectory: String? = nil, dataSearchDirectories: [String]? = nil
    ) {
        self.configHome = configHome
        let dataDirectory = dataDirectory ?? "\(PathName.directory(of: stateDirectory))/data"
        self.dataDirectory = dataDirectory
        self.systemConfigFiles = systemConfigFiles
        self.systemAutostartEntries = systemAutostartEntries
        self.runtimeDirectory = runtimeDirectory
        self.dataSearchDirectories = dataSearchDirectories ?? [PathName.directory(of: dataDirectory)]
        defaultConfigFile = "\(configHome)/dailyquote/config.toml"
        self.cacheDirectory = cacheDirectory
        self.stateDirectory = stateDirectory
        systemdUserDirectory = "\(configHome)/systemd/user"
    }

    /// All three directories under `root`, for tests.
    package init(root: String) {
        self.init(configHome: "\(root)/config", cacheDirectory: "\(root)/cache", stateDirectory: "\(root)/state")
    }

    // MARK: The cache directory

    /// The fetched quote, written atomically by the fetch stage.
    package var quoteCache: String { "\(cacheDirectory)/quote.json" }
    /// Held by a running fetch, so that two never write the cache at once.
    package var refreshLock: String { "\(cacheDirectory)/refresh.lock" }

    // MARK: The state directory

    /// The delivery ledger's summary, written atomically.
    package var ledgerState: String { "\(stateDirectory)/state.json" }
    /// One line per posted notification.
    package var history: String { "\(stateDirectory)/history.jsonl" }
    /// Held while a delivery decides, posts and records.
    package var ledgerLock: String { "\(stateDirectory)/lock" }
    /// The last fetch's outcome, for `status`.
    package var lastRefresh: String { "\(stateDirectory)/refresh.json" }
    /// How held notifications ended (closed, expired, replaced), joined into the history.
    package var closedLog: String { "\(stateDirectory)/closed.jsonl" }
    /// A live holder's notification id and server.
    package var holdMarker: String { "\(stateDirectory)/hold.json" }
    /// Held by a live holder: the marker counts only while it is.
    package var holdLock: String { "\(stateDirectory)/hold.lock" }
    /// A delivery waiting for the person to come back (``PresenceWaitMarker``).
    package var presenceMarker: String { "\(stateDirectory)/presence.json" }
    /// Held (shared) by each process that waits for presence: the marker counts only while it is.
    package var presenceLock: String { "\(stateDirectory)/presence.lock" }
    /// Held (shared) by every running `dailyquote run`, so that `status` sees the engine.
    package var runMarker: String { "\(stateDirectory)/run.lock" }

    /// The buttons pressed on held notifications, joined into the history.
    package var actionLog: String { "\(stateDirectory)/actions.jsonl" }

    // MARK: The data directory

    /// The quotes saved with the Save button.
    package var favorites: String { "\(dataDirectory)/favorites.jsonl" }

    /// The lock that guards rewriting `path`: `FILE.lock` beside it.
    package static func lockFile(for path: String) -> String { "\(path).lock" }

    /// Where a corrupt file is moved aside to before it is rebuilt: `FILE.corrupt`.
    package static func setAside(_ path: String) -> String { "\(path).corrupt" }

    // MARK: Other programs' directories

    /// The XDG autostart entry's file name, in the user's and the system's autostart directories.
    package static let autostartFileName = "dailyquote.desktop"

    /// `$XDG_CONFIG_HOME/autostart/dailyquote.desktop`: the person's own autostart entry, or
    /// their override of the package's.
    package var userAutostartEntry: String { "\(configHome)/autostart/\(Self.autostartFileName)" }

    /// `$XDG_RUNTIME_DIR/systemd/generator`: where the user manager has its generators write
    /// units (`dailyquote-generator`'s among them); nil without a runtime directory.
    package var generatorDirectory: String? { runtimeDirectory.map { "\($0)/systemd/generator" } }

    /// `$XDG_DATA_HOME/systemd/timers/stamp-TIMER`: the user manager's record of a
    /// `Persistent=` timer's last run.
    package func timerStamp(_ timer: String) -> String {
        "\(PathName.directory(of: dataDirectory))/systemd/timers/stamp-\(timer)"
    }

    /// Where the application's desktop entry may be, in the order GLib looks (``dataSearchDirectories``).
    package var desktopEntryCandidates: [String] {
        dataSearchDirectories.map { "\($0)/applications/\(ApplicationID.dailyquote.desktopFile)" }
    }

    /// Where the session bus may find the D-Bus service file that starts the action service.
    package var actionServiceCandidates: [String] {
        dataSearchDirectories.map { "\($0)/dbus-1/services/\(ApplicationID.dailyquote.serviceFile)" }
    }

    /// The user units, in the user unit directory (``systemdUserDirectory``).
    package static let refreshService = "dailyquote-refresh.service"
    package static let refreshTimer = "dailyquote-refresh.timer"
    package static let notifyService = "dailyquote-notify.service"
    package static let notifyTimer = "dailyquote-notify.timer"
    /// The config watch: a path unit and the service it starts (``ConfigWatchUnits``).
    package static let configWatchPath = "dailyquote-config.path"
    package static let configWatchService = "dailyquote-config.service"
    /// The generator's yearly renewal of absolute timer lines (only with that style).
    package static let configRenewalTimer = "dailyquote-config.timer"

    /// Resolves the paths from `environment`.
    ///
    /// Relative XDG values are ignored, as the spec says.
    package init(environment: [String: String], home fallbackHome: @autoclosure () -> String = AppPaths.accountHome()) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? fallbackHome()
        func base(_ variable: String, _ defaultSuffix: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + defaultSuffix
        }
        let dataHome = base("XDG_DATA_HOME", "/.local/share")
        let configDirectories = Self.configDirectories(environment["XDG_CONFIG_DIRS"])
        let systemData = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        self.init(
            configHome: base("XDG_CONFIG_HOME", "/.config"), cacheDirectory: base("XDG_CACHE_HOME", "/.cache") + "/dailyquote",
            stateDirectory: base("XDG_STATE_HOME", "/.local/state") + "/dailyquote", dataDirectory: dataHome + "/dailyquote",
            systemConfigFiles: configDirectories.map { "\($0)/dailyquote/config.toml" },
            systemAutostartEntries: configDirectories.map { "\($0)/autostart/\(Self.autostartFileName)" },
            runtimeDirectory: environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil },
            dataSearchDirectories: [dataHome] + systemData.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") })
    }

    /// The absolute entries of a `XDG_CONFIG_DIRS` value, without repeats; `/etc/xdg` when
    /// unset or empty, as the spec says.
    static func configDirectories(_ value: String?) -> [String] {
        var directories: [String] = []
        for entry in (value ?? "").split(separator: ":") where entry.hasPrefix("/") {
            var directory = String(entry)
            while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
            if !directories.contains(directory) { directories.append(directory) }
        }
        return directories.isEmpty ? ["/etc/xdg"] : directories
    }

    /// The home directory in the password database, for when `HOME` is unset; `/` if none.
    package static func accountHome() -> String {
        ProcessState.accountHome() ?? "/"
    }
}
