extension Doctor {
    /// Whether the Copy button can be offered.
    ///
    /// A missing clipboard tool is no failure (the quote still comes), but the check names the
    /// packages that provide one.
    func clipboardCheck() -> DoctorCheck {
        let configured = loaded.config.notification.actions.contains(.copy)
        if let tool = Clipboard(environment: environment).tool {
            return DoctorCheck("clipboard", ok: true, "\(tool.path)\(configured ? " (for the Copy button)" : "")")
        }
        guard configured else { return DoctorCheck("clipboard", ok: true, "no clipboard tool; Copy is not configured") }
        return DoctorCheck(
            "clipboard", ok: true,
            "no wl-copy, xclip or xsel: the Copy button is not offered; install \(Clipboard.packages) to offer it")
    }
}
