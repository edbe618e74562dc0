import DailyQuoteSystem
import FoundationEssentials

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
    package var probeSource: (@Sendable () throws -> String)?
    /// How the zones of the session, the user manager and the units compare (with units installed).
    package var zones: ZoneAgreement?
    /// Ledger records more than a day ahead of now.
    package var futureRecords: [String] = []
    /// The buttons whose work failed on the last notification.
    package var failedActions: [FailedAction] = []
    /// Reads which presence signals the session offers; nil when `delivery.wait_for_presence` is false.
    package var presenceSignals: (@Sendable () -> PresenceSignals)?
    /// Which path a notification takes now; nil leaves the check out.
    package var postingPath: (@Sendable () -> PostingPathReport)?
    /// The XDG autostart entry that starts `dailyquote run` at login, if one is active: the engine
    /// where no systemd user manager runs.
    package var autostartEntry: String?
    /// The language of the checks' names, findings and fixes.
    package var tr = Translator.english

    package init(
        environment: [String: String], loaded: LoadedConfig, configError: String?, paths: AppPaths, engine: StatusReport.Engine,
        systemctl: Systemctl, serverInfo: @escaping @Sendable () throws -> NotificationServerInfo,
        probeSource: (@Sendable () throws -> String)?
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
    package func run() -> [DoctorCheck] {
        let managerEnvironment = systemctl.environment()
        var checks = [configCheck(), busCheck(), serverCheck()]
        if let language = languageCheck() { checks.append(language) }
        if let postingPath { checks.append(postingCheck(postingPath())) }
        checks.append(presenceCheck())
        checks += managerChecks(managerEnvironment)
        if let managerEnvironment, !engine.unitsInstalled.isEmpty || !engine.generatedUnits.isEmpty {
            checks.append(sandboxCheck(managerEnvironment))
        }
        if let secrets = secretsCheck(managerEnvironment) { checks.append(secrets) }
        if let zones { checks.append(zoneCheck(zones)) }
        checks.append(clockCheck())
        checks.append(directoriesCheck())
        checks.append(clipboardCheck())
        if let buttons = buttonsCheck() { checks.append(buttons) }
        checks.append(sourceCheck())
        return checks
    }

    func configCheck() -> DoctorCheck {
        if let configError {
            return DoctorCheck(tr("config"), ok: false, configError, fix: tr("correct it; `dailyquote config check` shows every problem"))
        }
        if let target = loaded.brokenLink {
            return DoctorCheck(
                tr("config"), ok: true, tr("%s is a broken symbolic link (%s does not exist); built-in defaults", loaded.path, target))
        }
        return DoctorCheck(
            tr("config"), ok: true, loaded.fileExists ? tr("%s is valid", loaded.path) : tr("no file at %s; built-in defaults", loaded.path)
        )
    }

    func busCheck() -> DoctorCheck {
        guard let address = SessionBus.address(environment: environment) else {
            return DoctorCheck(
                tr("session bus"), ok: false, tr("DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus does not exist"),
                fix: tr("run from a desktop session, or export DBUS_SESSION_BUS_ADDRESS"))
        }
        if let problem = SessionBus.problem(connectingTo: address) {
            return DoctorCheck(
                tr("session bus"), ok: false, tr("%s refuses connections (%s)", address, problem),
                fix: tr("log in again, or restart dbus for your user"))
        }
        return DoctorCheck(tr("session bus"), ok: true, address)
    }

    func serverCheck() -> DoctorCheck {
        do {
            let info = try serverInfo()
            return DoctorCheck(
                tr("notification server"), ok: true, "\(info.name) \(info.version) (\(info.capabilities.joined(separator: ", ")))")
        } catch {
            return DoctorCheck(tr("notification server"), ok: false, error.message(tr), fix: serverFix)
        }
    }

    /// How to get a notification server that answers.
    var serverFix: String {
        tr("start a notification daemon (dunst, mako, your desktop's own) that owns org.freedesktop.Notifications")
    }

    /// The path a notification takes, and on GNOME what keeps GNOME's own path from working.
    func postingCheck(_ report: PostingPathReport) -> DoctorCheck {
        let words = report.words(tr)
        // No server answered (none, or a frozen one): no path posts, whatever the config chose.
        if report.unanswered != nil { return DoctorCheck(tr("posting"), ok: false, words.meaning, fix: serverFix) }
        if let problem = words.problem {
            return DoctorCheck(tr("posting"), ok: false, tr.clauses([words.meaning, problem]), fix: words.fix)
        }
        return DoctorCheck(tr("posting"), ok: true, words.meaning)
    }

    /// Which signals tell that the person is away; a missing one is no failure (it counts as "present").
    func presenceCheck() -> DoctorCheck {
        guard let presenceSignals else {
            return DoctorCheck(tr("presence"), ok: true, tr("deliveries do not wait for you (delivery.wait_for_presence = false)"))
        }
        let signals = presenceSignals()
        let effect =
            signals.any ? tr("a delivery waits while you are away") : tr("nothing tells when you are away; deliveries post at once")
        return DoctorCheck(tr("presence"), ok: true, tr.clauses([signals.summary(tr), effect]))
    }

    /// The user manager and the units, or why they do not matter (a `run` scheduler or the
    /// autostart entry instead, or the quotes turned off).
    func managerChecks(_ managerEnvironment: [String: String]?) -> [DoctorCheck] {
        let usesTimers = !engine.unitsInstalled.isEmpty
        let off = engine.offText(tr, userConfig: loaded.path)
        guard let managerEnvironment else {
            if let off { return [DoctorCheck(tr("scheduler"), ok: true, off)] }
            if engine.runProcess && !usesTimers {
                return [DoctorCheck(tr("scheduler"), ok: true, tr("no systemd user manager; a `dailyquote run` scheduler is running"))]
            }
            // Without a user manager the entry's `run` is what delivers, whatever units lie about unread.
            if let autostartEntry {
                return [
                    DoctorCheck(
                        tr("scheduler"), ok: true,
                        tr("no systemd user manager; the autostart entry %s starts `dailyquote run` at each login", autostartEntry))
                ]
            }
            return [
                DoctorCheck(
                    tr("systemd user manager"), ok: false, tr("cannot be reached (`systemctl --user show-environment` failed)"),
                    fix: tr("start `dailyquote run` at login (the packaged autostart entry does), or log in to a systemd session"))
            ]
        }
        var checks: [DoctorCheck] = []
        var missing: [String] = []
        if managerEnvironment["DBUS_SESSION_BUS_ADDRESS"] == nil { missing.append("DBUS_SESSION_BUS_ADDRESS") }
        if managerEnvironment["DISPLAY"] == nil && managerEnvironment["WAYLAND_DISPLAY"] == nil {
            missing.append("DISPLAY or WAYLAND_DISPLAY")
        }
        if missing.isEmpty {
            checks.append(
                DoctorCheck(tr("systemd user manager"), ok: true, tr("reachable; its environment has the bus address and a display")))
        } else {
            checks.append(
                DoctorCheck(
                    tr("systemd user manager"), ok: false, tr("its environment lacks %s", missing.joined(separator: tr(" and "))),
                    fix: tr(
                        "systemctl --user import-environment DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY (your desktop session normally does this)"
                    )
                ))
        }
        if let off {
            checks.append(DoctorCheck(tr("units"), ok: true, off))
        } else if !usesTimers && !engine.generatedUnits.isEmpty {
            checks.append(DoctorCheck(tr("units"), ok: true, tr("generated by dailyquote-generator at login and on each config change")))
        } else if !usesTimers {
            if engine.runProcess {
                checks.append(DoctorCheck(tr("units"), ok: true, tr("not installed; a `dailyquote run` scheduler is running")))
            } else {
                checks.append(
                    DoctorCheck(tr("units"), ok: false, tr("not installed, and no `dailyquote run` scheduler"), fix: "dailyquote install"))
            }
        } else if let problem = unitsProblem {
            checks.append(DoctorCheck(tr("units"), ok: false, problem, fix: "dailyquote install"))
        } else {
            checks.append(
                DoctorCheck(
                    tr("units"), ok: true,
                    tr.clauses(
                        [tr("installed, enabled and in sync")]
                            + (engine.unitsHorizonEnd.map { [tr("explicit elapses through %s", $0)] } ?? []))))
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
        let skipped = tr("refresh skips the sources whose headers take them (the other sources and the bundled quotes stand in)")
        guard let managerEnvironment else {
            // No user manager: what refreshes (`run`, or a refresh typed here) has this environment.
            guard unsetHere.isEmpty else {
                return DoctorCheck(
                    tr("secrets"), ok: false, tr("%s not set here; %s", unsetHere.joined(separator: ", "), skipped),
                    fix: tr("export them in the session that starts dailyquote (for `dailyquote run`, the desktop session's environment)"))
            }
            return DoctorCheck(tr("secrets"), ok: true, tr("%s set here (no systemd user manager to ask)", names.joined(separator: ", ")))
        }
        let notInManager = names.filter { (managerEnvironment[$0] ?? "").isEmpty }
        guard notInManager.isEmpty else {
            return DoctorCheck(
                tr("secrets"), ok: false,
                tr(
                    "%s not in the systemd user manager's environment, which the timers run with; %s", notInManager.joined(separator: ", "),
                    skipped),
                fix: tr(
                    "set them in ~/.config/environment.d/dailyquote.conf (see environment.d(5)) and log in again, or run `systemctl --user import-environment %s` where they are set",
                    notInManager.joined(separator: " "))
            )
        }
        guard unsetHere.isEmpty else {
            return DoctorCheck(
                tr("secrets"), ok: true,
                tr(
                    "%s set in the systemd user manager's environment (not %s here: a refresh typed here skips their sources)",
                    names.joined(separator: ", "), unsetHere.joined(separator: ", "))
            )
        }
        return DoctorCheck(
            tr("secrets"), ok: true, tr("%s set here and in the systemd user manager's environment", names.joined(separator: ", ")))
    }

    /// What is wrong with installed units, if anything.
    private var unitsProblem: String? {
        if engine.unitsInstalled.count < SystemdUnit.names.count {
            return tr("only %s of %s installed", String(engine.unitsInstalled.count), String(SystemdUnit.names.count))
        }
        if !engine.timersEnabled { return tr("installed but not enabled") }
        if !engine.unitsInSync { return tr("out of sync with the config") }
        return nil
    }

    func zoneCheck(_ zones: ZoneAgreement) -> DoctorCheck {
        guard let warning = zones.warning(tr) else {
            // Only what could be asked: without a user manager its zone is unknown.
            guard zones.manager != nil else {
                return DoctorCheck(
                    tr("time zone"), ok: true, tr("this session and the timers plan in %s (no user manager to ask)", zones.session))
            }
            return DoctorCheck(tr("time zone"), ok: true, tr("this session, the user manager and the timers plan in %s", zones.session))
        }
        return zones.isProblem
            ? DoctorCheck(tr("time zone"), ok: false, warning, fix: tr("dailyquote install (or set delivery.time_zone in the config)"))
            : DoctorCheck(tr("time zone"), ok: true, warning)
    }

    func clockCheck() -> DoctorCheck {
        guard !futureRecords.isEmpty else { return DoctorCheck(tr("clock"), ok: true, tr("no delivery recorded in the future")) }
        return DoctorCheck(
            tr("clock"), ok: false,
            tr(
                "the ledger records %s, more than a day ahead of now; the due rule ignores it", futureRecords.joined(separator: tr(" and "))
            ),
            fix: tr("check the system clock (timedatectl); the record is replaced by the next delivery"))
    }

    func directoriesCheck() -> DoctorCheck {
        var problems: [String] = []
        for directory in [paths.cacheDirectory, paths.stateDirectory] {
            // The nearest existing ancestor decides whether the directory can be created.
            var existing = directory
            while !FileManager.default.fileExists(atPath: existing), existing != "/", !existing.isEmpty {
                existing = PathName.directory(of: existing)
            }
            if !PathAccess.mayWrite(existing) { problems.append(tr("%s is not writable", existing)) }
        }
        if problems.isEmpty {
            return DoctorCheck(tr("directories"), ok: true, tr("%s and %s are writable", paths.cacheDirectory, paths.stateDirectory))
        }
        return DoctorCheck(
            tr("directories"), ok: false, tr.clauses(problems), fix: tr("fix the ownership or permissions (chown/chmod)"))
    }

    func sourceCheck() -> DoctorCheck {
        guard let probeSource else { return DoctorCheck(tr("first source"), ok: true, tr("not checked (--offline)")) }
        let started = ContinuousClock.now
        do {
            let what = try probeSource()
            let elapsed = (ContinuousClock.now - started) / .milliseconds(1)
            // TRANSLATORS: a duration in milliseconds, in doctor's first source check.
            return DoctorCheck(tr("first source"), ok: true, what + tr.parenthesized(tr("%s ms", String(Int(elapsed)))))
        } catch FetchError.unsetVariables(let names) {
            return DoctorCheck(
                tr("first source"), ok: false, FetchError.unsetVariables(names).description,
                fix: tr("export %s here too; the other sources and the bundled quotes still stand in", names.joined(separator: ", ")))
        } catch {
            return DoctorCheck(
                tr("first source"), ok: false, error.message(tr),
                fix: tr("check the network and the source's url; the other sources and the bundled quotes still stand in"))
        }
    }
}
