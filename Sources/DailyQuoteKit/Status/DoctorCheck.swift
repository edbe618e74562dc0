/// One line of `dailyquote doctor`: a check, whether it passed, what was found, and the fix.
package struct DoctorCheck: Sendable, Codable, Equatable {
    package var name: String
    package var ok: Bool
    package var detail: String
    /// What to do about a failure.
    package var fix: String?

    package init(_ name: String, ok: Bool, _ detail: String, fix: String? = nil) {
        self.name = name
        self.ok = ok
        self.detail = detail
        self.fix = fix
    }

    /// `ok   config: …` or `FAIL config: … — fix: …`.
    package var line: String {
        (ok ? "ok   " : "FAIL ") + "\(name): \(detail)" + (ok ? "" : fix.map { " — fix: \($0)" } ?? "")
    }
}
