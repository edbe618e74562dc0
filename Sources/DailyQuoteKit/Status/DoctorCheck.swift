import DailyQuoteSystem

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

    /// `ok   config: …` or `FAIL config: … — fix: …`, in English.
    package var line: String { line(.english) }

    /// The line in `tr`'s language (the name, detail and fix are already in it).
    package func line(_ tr: Translator) -> String {
        // TRANSLATORS: doctor's verdicts at the start of each line; keep them short.
        let (passed, failed) = (tr("ok"), tr("FAIL"))
        let verdict = ok ? passed : failed
        let width = max(TerminalWidth.of(passed), TerminalWidth.of(failed), 4)
        // TRANSLATORS: a doctor line after its verdict: the check's name, then what it found; punctuate as status's labels ("config:").
        let found = tr("%s: %s", name, detail)
        return TerminalWidth.padded(verdict, to: width + 1) + found
            + (ok ? "" : fix.map { " " + tr("— fix: %s", $0) } ?? "")
    }
}
