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
