/// One line of `dailyquote doctor`: a check, whether it passed, what was found, and the fix.
public struct DoctorCheck: Sendable, Codable, Equatable {
    public var name: String
    public var ok: Bool
    public var detail: String
    /// What to do about a failure.
    public var fix: String?

    public init(_ name: String, ok: Bool, _ detail: String, fix: String? = nil) {
        self.name = name
        self.ok = ok
        self.detail = detail
        self.fix = fix
    }

    /// `ok   config: …` or `FAIL config: … — fix: …`.
    public var line: String {
        (ok ? "ok   " : "FAIL ") + "\(name): \(detail)" + (ok ? "" : fix.map { " — fix: \($0)" } ?? "")
    }
}
