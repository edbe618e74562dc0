import DailyQuoteSystem

extension Doctor {
    /// Which clipboard tool Copy takes in this session, and why: the display it reaches.
    ///
    /// A missing clipboard tool, or one with no display to reach here, is no failure (the
    /// quote still comes, and a holder started elsewhere has its own session), but the check
    /// says so and names the packages that provide one.
    func clipboardCheck() -> DoctorCheck {
        guard let tool = Clipboard(environment: environment).tool else {
            guard loaded.config.notification.actions.contains(.copy) else {
                return DoctorCheck(tr("clipboard"), ok: true, tr("no clipboard tool; Copy is not configured"))
            }
            return DoctorCheck(
                tr("clipboard"), ok: true,
                tr("no wl-copy, xclip or xsel: the Copy button is not offered; install %s to offer it", Clipboard.packages))
        }
        let name = PathName.lastComponent(of: tool.path)
        let (wayland, display) = (environment["WAYLAND_DISPLAY"] ?? "", environment["DISPLAY"] ?? "")
        let route: String =
            switch (name == "wl-copy", !wayland.isEmpty, !display.isEmpty) {
            // TRANSLATORS: doctor's clipboard route: the tool (wl-copy), then the Wayland display it reaches.
            case (true, true, _): tr("%1$s (Wayland session: WAYLAND_DISPLAY=%2$s)", name, wayland)
            // TRANSLATORS: doctor's clipboard route: the tool (xclip or xsel), then the X11 display it reaches.
            case (false, false, true): tr("%1$s (X11: DISPLAY=%2$s)", name, display)
            case (false, true, true):
                // TRANSLATORS: doctor's clipboard route under Wayland with xclip or xsel (%1$s) alone, through Xwayland's display (%2$s).
                tr("%1$s (Wayland session without wl-copy: through Xwayland, DISPLAY=%2$s; install wl-clipboard)", name, display)
            // TRANSLATORS: doctor's clipboard route where the tool (%s) has no display to reach.
            default: tr("%s (no display it can reach in this session: Copy fails here)", name)
            }
        return DoctorCheck(tr("clipboard"), ok: true, route)
    }
}

extension Doctor {
    /// Whether the buttons pressed on the last notification did their work: a failed Copy or
    /// Save is a failure here, with the fix for its kind, never a silent success.
    func buttonsCheck() -> DoctorCheck? {
        guard let failed = failedActions.last else { return nil }
        let fix =
            failed.action == .copy
            // TRANSLATORS: doctor's fix for a failed Copy button.
            ? tr(
                "install %s, and let the session's display reach the user manager (systemctl --user import-environment WAYLAND_DISPLAY DISPLAY)",
                Clipboard.packages)
            // TRANSLATORS: doctor's fix for a failed Save or Another button.
            : tr("check that %s is writable and press the button again", PathName.directory(of: paths.favorites))
        // TRANSLATORS: doctor's check of the buttons pressed on the last notification.
        return DoctorCheck(tr("buttons"), ok: false, tr("%1$s failed: %2$s", failed.action.label(tr), failed.reason), fix: fix)
    }
}
