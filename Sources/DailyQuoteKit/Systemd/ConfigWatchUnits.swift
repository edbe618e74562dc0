import DailyQuoteSystem

/// The two units that apply config edits by themselves: `dailyquote-config.path` watches the
/// config files and their directories and starts the oneshot `dailyquote-config.service`.
///
/// Pure: same inputs, same bytes. Under the generator the service reloads the user manager,
/// which re-runs the generator; under `install` it runs `install` again (which reloads too).
/// The package also ships a static copy (packaging/systemd-user/), which stands in while the
/// generator writes nothing (a broken config, `enabled = false`), so that the fix applies too.
package struct ConfigWatchUnits: Sendable, Equatable {
    /// The user's config file, then the system-wide ones, in the order they are watched.
    package var files: [String]
    /// The command lines the service runs in turn, unquoted words (`-` before the first
    /// word: its failure is ignored).
    package var commands: [[String]]

    package init(files: [String], commands: [[String]]) {
        self.files = files
        self.commands = commands
    }

    /// The service's commands under the generator: a reload, which runs the generator again;
    /// timers that are gone (`enabled = false`) forgotten; timers that are new started, as
    /// `timers.target` wants them and a reload starts nothing.
    package static let reloadCommands = [
        ["systemctl", "--user", "daemon-reload"],
        ["-systemctl", "--user", "reset-failed"] + SystemdUnit.timerNames,
        ["systemctl", "--user", "--no-block", "start", "timers.target"],
    ]

    package static let pathUnitName = AppPaths.configWatchPath
    package static let serviceName = AppPaths.configWatchService

    package static let renewalTimerName = AppPaths.configRenewalTimer

    /// The generator's yearly renewal, written only with the absolute style: on 1 January (UTC)
    /// it starts the service, whose reload runs the generator again, which lists the instants
    /// of a horizon that again reaches through the end of the next year.
    package static let renewalTimer = SystemdUnit(
        name: renewalTimerName,
        content: """
            # Written by dailyquote. Renews the listed delivery instants once a year.
            [Unit]
            Description=dailyquote: renew the listed delivery instants
            Documentation=man:dailyquote(1)

            [Timer]
            OnCalendar=*-01-01 00:00:00 UTC
            Persistent=true
            Unit=\(serviceName)

            [Install]
            WantedBy=timers.target

            """)

    /// The path unit, then the service.
    package var units: [SystemdUnit] {
        [SystemdUnit(name: Self.pathUnitName, content: pathUnit), SystemdUnit(name: Self.serviceName, content: service)]
    }

    /// Each file, then its directory (so that creating, replacing or removing the file triggers
    /// too, which a watch on a file that does not exist yet would miss), without repeats.
    var watched: [String] {
        var paths: [String] = []
        for file in files {
            for path in [file, PathName.directory(of: file)] where !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    var pathUnit: String {
        """
        # Written by dailyquote. Watches the dailyquote config so that edits apply by themselves.
        [Unit]
        Description=dailyquote: apply config edits
        Documentation=man:dailyquote(1)

        [Path]
        \(watched.map { "PathChanged=\($0.replacing("%", with: "%%"))" }.joined(separator: "\n"))
        Unit=\(Self.serviceName)

        [Install]
        WantedBy=paths.target

        """
    }

    /// `ConditionFileIsExecutable=` lines for the absolute programs the service runs (`install`'s
    /// own binary), so that a config edit after the package is gone starts nothing.
    var conditions: [String] {
        var programs: [String] = []
        for command in commands {
            guard let first = command.first else { continue }
            let program = first.hasPrefix("-") ? String(first.dropFirst()) : first
            if program.hasPrefix("/") && !programs.contains(program) { programs.append(program) }
        }
        return programs.map { "ConditionFileIsExecutable=\($0.replacing("%", with: "%%"))" }
    }

    /// The service's sandbox: what a user manager applies without a user namespace (the
    /// packaged copy has the same lines), and only local sockets, for `systemctl`.
    package static let hardening = UnitSandbox.unprivileged + "\nRestrictAddressFamilies=AF_UNIX"

    var service: String {
        """
        # Written by dailyquote. Started by dailyquote-config.path when the config changes.
        [Unit]
        Description=dailyquote: apply config edits
        Documentation=man:dailyquote(1)\(conditions.map { "\n" + $0 }.joined())

        [Service]
        Type=oneshot
        \(commands.map { "ExecStart=" + $0.map(SystemdQuoting.quote).joined(separator: " ") }.joined(separator: "\n"))
        \(Self.hardening)

        """
    }
}
