import DailyQuoteSystem

extension Doctor {
    /// Whether the Copy button can be offered.
    ///
    /// A missing clipboard tool is no failure (the quote still comes), but the check names the
    /// packages that provide one.
    func clipboardCheck() -> DoctorCheck {
        let configured = loaded.config.notification.actions.contains(.copy)
        if let tool = Clipboard(environment: environment).tool {
            return DoctorCheck(tr("clipboard"), ok: true, configured ? tr("%s (for the Copy button)", tool.path) : tool.path)
        }
        guard configured else { return DoctorCheck(tr("clipboard"), ok: true, tr("no clipboard tool; Copy is not configured")) }
        return DoctorCheck(
            tr("clipboard"), ok: true,
            tr("no wl-copy, xclip or xsel: the Copy button is not offered; install %s to offer it", Clipboard.packages))
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
