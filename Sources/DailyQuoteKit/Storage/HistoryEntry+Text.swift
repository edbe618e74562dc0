/// A history entry as `dailyquote history` prints it.
extension HistoryEntry {
    /// One entry: when and its slot (`[Mon..Fri 08:00]`, where recorded), the quote (its lines
    /// indented), the author if any, where it came from, and what else happened to it: a
    /// preview, a catch-up, how it ended.
    package func line(format: ZonedTimeFormat) -> String {
        let when = format.display(plannedAt ?? postedAt) + (slot.map { " [\($0)]" } ?? "")
        let indent = String(repeating: " ", count: when.count + 3)
        var line = "\(when)  \"\(text.replacing("\n", with: "\n" + indent))\""
        if !author.isEmpty { line += " — \(author)" }
        line += "  [\(source); \(reason)]"
        if another == true {
            line += " (another quote)"
        } else if isPreview {
            line += " (posted with --now)"
        } else if let plannedAt, postedAt - plannedAt > DueDecision.onTimeGrace {
            line += " (caught up: planned \(format.display(plannedAt)), posted \(format.display(postedAt)))"
        }
        if let waitedSeconds {
            let waited = waitedSeconds > 0 ? ZonedTimeFormat.relative(from: 0, to: waitedSeconds).replacing("in ", with: "") : "0s"
            line += presence == "timeout" ? " (waited \(waited) for you; posted while away)" : " (waited \(waited) for you)"
        }
        if let actions, !actions.isEmpty {
            line += " (pressed: \(actions.map(\.rawValue).joined(separator: ", ")))"
        }
        for failed in failedActions ?? [] { line += " (\(failed.description))" }
        if let closedReason {
            line += " (\(closedReason.rawValue)\(closedAt.map { " \(format.display($0))" } ?? ""))"
        }
        return line
    }
}
