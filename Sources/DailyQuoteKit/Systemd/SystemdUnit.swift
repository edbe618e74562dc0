/// One generated unit file: its name in the user unit directory and its whole text.
public struct SystemdUnit: Sendable, Equatable {
    public var name: String
    public var content: String

    public init(name: String, content: String) {
        self.name = name
        self.content = content
    }

    /// The units `install` manages, in the order they are written: the four of the plan, then
    /// the config watch (``ConfigWatchUnits``).
    public static let names = [
        AppPaths.refreshService, AppPaths.refreshTimer, AppPaths.notifyService, AppPaths.notifyTimer, AppPaths.configWatchPath,
        AppPaths.configWatchService,
    ]

    /// The two timers, which are what gets enabled.
    public static let timerNames = [AppPaths.refreshTimer, AppPaths.notifyTimer]

    /// What `install` enables and `uninstall` disables: the timers and the config watch.
    public static let enabledNames = timerNames + [AppPaths.configWatchPath]
}
