import DailyQuoteSystem

extension Doctor {
    /// The sandbox settings of the notify service the user manager has loaded that decide what
    /// it sees (`systemctl --user show`).
    static let sandboxProperties = ["PrivateUsers", "PrivateTmp", "ProtectSystem", "ProtectHome"]

    /// Which sandbox lines the loaded notify service has and why; a failure where its private
    /// `/tmp` hides what the session, as the user manager's environment names it, keeps there
    /// (its bus: `notify` exits 69 and is retried until its window ends; its display authority:
    /// Copy cannot reach the display).
    func sandboxCheck(_ managerEnvironment: [String: String]) -> DoctorCheck {
        let output = systemctl.run(["show", AppPaths.notifyService] + Self.sandboxProperties.map { "--property=\($0)" })
        var values: [String: String] = [:]
        for line in output.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        let lines = Self.sandboxProperties.map { "\($0)=\(values[$0] ?? "?")" }.joined(separator: " ")
        guard values["PrivateUsers"] == "yes" else {
            return DoctorCheck(
                tr("sandbox"), ok: true,
                tr("%s: this host has no unprivileged user namespaces, so only the settings that need none apply", lines))
        }
        let hidden = UnitSandbox.sessionTmpPaths(environments: [managerEnvironment], files: [loaded.path]).joined(separator: ", ")
        if hidden.isEmpty {
            return DoctorCheck(tr("sandbox"), ok: true, tr("%s: nothing the services need lies under /tmp", lines))
        }
        if values["PrivateTmp"] == "yes" {
            return DoctorCheck(
                tr("sandbox"), ok: false, tr("%s, but the services' private /tmp hides what the session keeps there: %s", lines, hidden),
                fix: "dailyquote install")
        }
        return DoctorCheck(tr("sandbox"), ok: true, tr("%s: /tmp is shared, for what the session keeps there: %s", lines, hidden))
    }
}
