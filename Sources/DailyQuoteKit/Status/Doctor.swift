import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// The checks of `dailyquote doctor`, in order, each answering one reason a notification may
/// not come.
///
/// It asks and reads; it never writes.
package struct Doctor: Sendable {
    package var environment: [String: String]
    package var loaded: LoadedConfig
    package var configError: String?
    package var paths: AppPaths
    package var engine: StatusReport.Engine
    package var systemctl: Systemctl
    package var serverInfo: @Sendable () throws -> NotificationServerInfo
    /// Fetches from the first source; nil when `--offline`.
    package var probeSource: (@Sendable () async throws -> String)?
    /// How the zones of the session, the user manager and the units compare (with units installed).
    package var zones: ZoneAgreement?
    /// Ledger records more than a day ahead of now.
    package var futureRecords: [String] = []
    /// Reads which presence signals the session offers; nil when `delivery.wait_for_presence` is false.
    package var presenceSignals: (@Sendable () -> PresenceSignals)?
    /// Which path a notification takes now; nil leaves the check out.
    package var postingPath: (@Sendable () -> PostingPathReport)?

    package init(
        environment: [String: String], loaded: LoadedConfig, configError: String?, paths: AppPaths, engine: StatusReport.Engine,
        systemctl: Systemctl, serverInfo: @escaping @Sendable () throws -> NotificationServerInfo,
        probeSource: (@Sendable () async throws -> String)?
    ) {
        self.environment = environment
        self.loaded = loaded
        self.configError = configError
        self.paths = paths
        self.engine = engine
        self.systemctl = systemctl
        self.serverInfo = serverInfo
        self.probeSource = probeSource
    }

    /// Runs every check.
    package func run() async -> [DoctorCheck] {
        let managerEnvironment = systemctl.environment()
        var checks = [configCheck(), busCheck(), serverCheck()]
        if let postingPath { checks.append(postingCheck(postingPath())) }
        checks.append(presenceCheck())
        checks += managerChecks(managerEnvironment)
        if let secrets = secretsCheck(managerEnvironment) { checks.append(secrets) }
        if let zones { checks.append(zoneCheck(zones)) }
        checks.append(clockCheck())
        checks.append(directoriesCheck())
        checks.append(clipboardCheck())
        checks.append(await sourceCheck())
        return checks
    }

    func configCheck() -> DoctorCheck {
        if let configError {
            return DoctorCheck("config", ok: false, configError, fix: "correct it; `dailyquote config check` shows every problem")
        }
        if let target = loaded.brokenLink {
            return DoctorCheck(
                "config", ok: true, "\(loaded.path) is a broken symbolic link (\(target) does not exist); built-in defaults")
        }
        return DoctorCheck(
            "config", ok: true, loaded.fileExists ? "\(loaded.path) is valid" : "no file at \(loaded.path); built-in defaults")
    }

    func busCheck() -> DoctorCheck {
        guard let address = SessionBus.address(environment: environment) else {
            return DoctorCheck(
                "session bus", ok: false, "DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus does not exist",
                fix: "run from a desktop session, or export DBUS_SESSION_BUS_ADDRESS")
        }
        if let problem = SessionBus.problem(connectingTo: address) {
            return DoctorCheck(
                "session bus", ok: false, "\(address) refuses connections (\(problem))", fix: "log in again, or restart dbus for your user")
        }
        return DoctorCheck("session bus", ok: true, address)
    }

    func serverCheck() -> DoctorCheck {
        do {
            let info = try serverInfo()
            return DoctorCheck(
                "notification server", ok: true, "\(info.name) \(info.version) (\(info.capabilities.joined(separator: ", ")))")
        } catch {
            return DoctorCheck(
                "notification server", ok: false, error.message,
                fix: "start a notification daemon (dunst, mako, your desktop's own) that owns org.freedesktop.Notifications")
        }
    }

    /// The path a notification takes, and on GNOME what keeps GNOME's own path from working.
    func postingCheck(_ report: PostingPathReport) -> DoctorCheck {
        if let problem = report.problem {
            return DoctorCheck("posting", ok: false, "\(report.meaning); \(problem)", fix: report.fix)
        }
        return DoctorCheck("posting", ok: true, report.meaning)
    }

    /// Which signals tell that the person is away; a missing one is no failure (it counts as "present").
    func presenceCheck() -> DoctorCheck {
        guard let presenceSignals else {
            return DoctorCheck("presence", ok: true, "deliveries do not wait for you (delivery.wait_for_presence = false)")
        }
        let signals = presenceSignals()
        let effect = signals.any ? "a delivery waits while you are away" : "nothing tells when you are away; deliveries post at once"
        return DoctorCheck("presence", ok: true, "\(signals.summary); \(effect)")
    }

    /// The user manager and the units, or why they do not matter (a `run` scheduler instead).
    func managerChecks(_ managerEnvironment: [String: String]?) -> [DoctorCheck] {
        let usesTimers = !engine.unitsInstalled.isEmpty
        guard let managerEnvironment else {
            if engine.runProcess && !usesTimers {
                return [DoctorCheck("scheduler", ok: true, "no systemd user manager; a `dailyquote run` scheduler is running")]
            }
            return [
                DoctorCheck(
                    "systemd user manager", ok: false, "cannot be reached (`systemctl --user show-environment` failed)",
                    fix: "start `dailyquote run` at login (the packaged autostart entry does), or log in to a systemd session")
            ]
        }
        var checks: [DoctorCheck] = []
        var missing: [String] = []
        if managerEnvironment["DBUS_SESSION_BUS_ADDRESS"] == nil { missing.append("DBUS_SESSION_BUS_ADDRESS") }
        if managerEnvironment["DISPLAY"] == nil && managerEnvironment["WAYLAND_DISPLAY"] == nil {
            missing.append("DISPLAY or WAYLAND_DISPLAY")
        }
        if missing.isEmpty {
            checks.append(DoctorCheck("systemd user manager", ok: true, "reachable; its environment has the bus address and a display"))
        } else {
            checks.append(
                DoctorCheck(
                    "systemd user manager", ok: false, "its environment lacks \(missing.joined(separator: " and "))",
                    fix:
                        "systemctl --user import-environment DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY (your desktop session normally does this)"
                ))
        }
        if !usesTimers && !engine.generatedUnits.isEmpty {
            checks.append(DoctorCheck("units", ok: true, "generated by dailyquote-generator at login and on each config change"))
        } else if !usesTimers {
            if engine.runProcess {
                checks.append(DoctorCheck("units", ok: true, "not installed; a `dailyquote run` scheduler is running"))
            } else {
                checks.append(
                    DoctorCheck("units", ok: false, "not installed, and no `dailyquote run` scheduler", fix: "dailyquote install"))
            }
        } else if let problem = unitsProblem {
            checks.append(DoctorCheck("units", ok: false, problem, fix: "dailyquote install"))
        } else {
            checks.append(
                DoctorCheck(
                    "units", ok: true,
                    "installed, enabled and in sync" + (engine.unitsHorizonEnd.map { "; explicit elapses through \($0)" } ?? "")))
        }
        return checks
    }

    /// Whether the environment variables the sources' headers take (`${NAME}`) are set, here and
    /// in the user manager's environment (which the timers run with); nil when no header takes one.
    ///
    /// A missing one fails only the sources that take it, at refresh time.
    func secretsCheck(_ managerEnvironment: [String: String]?) -> DoctorCheck? {
        var names: [String] = []
        for name in loaded.config.sources.flatMap(\.headerVariables) where !names.contains(name) { names.append(name) }
        guard !names.isEmpty else { return nil }
        let unsetHere = names.filter { (environment[$0] ?? "").isEmpty }
        let skipped = "refresh skips the sources whose headers take them (the other sources and the bundled quotes stand in)"
        guard let managerEnvironment else {
            // No user manager: what refreshes (`run`, or a refresh typed here) has this environment.
            guard unsetHere.isEmpty else {
                return DoctorCheck(
                    "secrets", ok: false, "\(unsetHere.joined(separator: ", ")) not set here; \(skipped)",
                    fix: "export them in the session that starts dailyquote (for `dailyquote run`, the desktop session's environment)")
            }
            return DoctorCheck("secrets", ok: true, "\(names.joined(separator: ", ")) set here (no systemd user manager to ask)")
        }
        let notInManager = names.filter { (managerEnvironment[$0] ?? "").isEmpty }
        guard notInManager.isEmpty else {
            return DoctorCheck(
                "secrets", ok: false,
                "\(notInManager.joined(separator: ", ")) not in the systemd user manager's environment, which the timers run with; \(skipped)",
                fix:
                    "set them in ~/.config/environment.d/dailyquote.conf (see environment.d(5)) and log in again, or run `systemctl --user import-environment \(notInManager.joined(separator: " "))` where they are set"
            )
        }
        guard unsetHere.isEmpty else {
            return DoctorCheck(
                "secrets", ok: true,
                "\(names.joined(separator: ", ")) set in the systemd user manager's environment (not \(unsetHere.joined(separator: ", ")) here: a refresh typed here skips their sources)"
            )
        }
        return DoctorCheck("secrets", ok: true, "\(names.joined(separator: ", ")) set here and in the systemd user manager's environment")
    }

    /// What is wrong with installed units, if anything.
    private var unitsProblem: String? {
        if engine.unitsInstalled.count < SystemdUnit.names.count {
            return "only \(engine.unitsInstalled.count) of \(SystemdUnit.names.count) installed"
        }
        if !engine.timersEnabled { return "installed but not enabled" }
        if !engine.unitsInSync { return "out of sync with the config" }
        return nil
    }

    func zoneCheck(_ zones: ZoneAgreement) -> DoctorCheck {
        guard let warning = zones.warning else {
            return DoctorCheck("time zone", ok: true, "this session, the user manager and the timers plan in \(zones.session)")
        }
        return zones.isProblem
            ? DoctorCheck("time zone", ok: false, warning, fix: "dailyquote install (or set delivery.time_zone in the config)")
            : DoctorCheck("time zone", ok: true, warning)
    }

    func clockCheck() -> DoctorCheck {
        guard !futureRecords.isEmpty else { return DoctorCheck("clock", ok: true, "no delivery recorded in the future") }
        return DoctorCheck(
            "clock", ok: false,
            "the ledger records \(futureRecords.joined(separator: " and ")), more than a day ahead of now; the due rule ignores it",
            fix: "check the system clock (timedatectl); the record is replaced by the next delivery")
    }

    func directoriesCheck() -> DoctorCheck {
        var problems: [String] = []
        for directory in [paths.cacheDirectory, paths.stateDirectory] {
            // The nearest existing ancestor decides whether the directory can be created.
            var existing = directory
            while !FileManager.default.fileExists(atPath: existing), existing != "/", !existing.isEmpty {
                existing = PathName.directory(of: existing)
            }
            if access(existing, W_OK) != 0 { problems.append("\(existing) is not writable") }
        }
        if problems.isEmpty {
            return DoctorCheck("directories", ok: true, "\(paths.cacheDirectory) and \(paths.stateDirectory) are writable")
        }
        return DoctorCheck(
            "directories", ok: false, problems.joined(separator: "; "), fix: "fix the ownership or permissions (chown/chmod)")
    }

    func sourceCheck() async -> DoctorCheck {
        guard let probeSource else { return DoctorCheck("first source", ok: true, "not checked (--offline)") }
        let started = ContinuousClock.now
        do {
            let what = try await probeSource()
            let elapsed = (ContinuousClock.now - started) / .milliseconds(1)
            return DoctorCheck("first source", ok: true, "\(what) (\(Int(elapsed)) ms)")
        } catch FetchError.unsetVariables(let names) {
            return DoctorCheck(
                "first source", ok: false, FetchError.unsetVariables(names).description,
                fix: "export \(names.joined(separator: ", ")) here too; the other sources and the bundled quotes still stand in")
        } catch {
            return DoctorCheck(
                "first source", ok: false, error.message,
                fix: "check the network and the source's url; the other sources and the bundled quotes still stand in")
        }
    }
}
