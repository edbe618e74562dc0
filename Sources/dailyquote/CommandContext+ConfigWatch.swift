import DailyQuoteKit

extension CommandContext {
    /// `dailyquote-config.path` and its service, watching the user's config file and the
    /// system-wide ones; the service runs `command`.
    func configWatchUnits(command: [String]) -> [SystemdUnit] {
        ConfigWatchUnits(files: [loaded.path] + paths.systemConfigFiles, command: command).units
    }

    /// The command `install`'s watch service runs: `install` again, with the same `--config`.
    var reinstallCommand: [String] {
        [executablePath, "install"] + (configArgument.map { ["--config", $0] } ?? [])
    }
}
