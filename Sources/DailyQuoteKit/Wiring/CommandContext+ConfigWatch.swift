extension CommandContext {
    /// `dailyquote-config.path` and its service, watching the user's config file and the
    /// system-wide ones; the service runs `commands`.
    package func configWatchUnits(commands: [[String]]) -> [SystemdUnit] {
        ConfigWatchUnits(files: [loaded.path] + paths.systemConfigFiles, commands: commands).units
    }

    /// The command `install`'s watch service runs: `install` again, with the same `--config`.
    package var reinstallCommands: [[String]] {
        [[executablePath, "install"] + (configArgument.map { ["--config", $0] } ?? [])]
    }
}
