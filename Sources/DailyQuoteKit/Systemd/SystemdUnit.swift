/// One generated unit file: its name in the user unit directory and its whole text.
package struct SystemdUnit: Sendable, Equatable {
    package var name: String
    package var content: String

    package init(name: String, content: String) {
        self.name = name
        self.content = content
    }

    /// The units `install` manages, in the order they are written: the four of the plan, then
    /// the config watch (``ConfigWatchUnits``).
    package static let names = [
        AppPaths.refreshService, AppPaths.refreshTimer, AppPaths.notifyService, AppPaths.notifyTimer, AppPaths.configWatchPath,
        AppPaths.configWatchService,
    ]

    /// The two timers, which are what gets enabled.
    package static let timerNames = [AppPaths.refreshTimer, AppPaths.notifyTimer]

    /// What `install` enables and `uninstall` disables: the timers and the config watch.
    package static let enabledNames = timerNames + [AppPaths.configWatchPath]
}
