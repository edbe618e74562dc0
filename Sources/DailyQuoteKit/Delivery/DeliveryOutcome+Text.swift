extension DeliveryOutcome {
    /// The one-line summary `dailyquote notify` prints.
    package func text(zone: ZoneRules, now: Int64) -> String {
        let format = ZonedTimeFormat(zone: zone)
        switch result {
        case .nothingDue:
            guard let instant = nextAt else { return "nothing due" }
            return "nothing due; next delivery \(format.display(instant)) (\(ZonedTimeFormat.relative(from: now, to: instant)))"
        case .stopped:
            return detail ?? "stopped"
        case .posted, .wouldPost, .failed:
            let verb = result == .posted ? "posted" : result == .failed ? "failed to post" : "would post"
            var line = "\(verb) \(Self.excerpt(quote))"
            line += " (\(source ?? "?"), \(reason ?? "?"))"
            if let plannedAt { line += " for \(format.display(plannedAt))" }
            if let server { line += " to \(server)" }
            if let waitedSeconds {
                line += presence == "timeout" ? " after waiting \(waitedSeconds) s (still away)" : " after waiting \(waitedSeconds) s"
            }
            return line
        }
    }

    /// `"text…" — Author`, the text cut to 60 characters.
    static func excerpt(_ quote: Quote?) -> String {
        guard let quote else { return "nothing" }
        let text = quote.text.count > 60 ? String(quote.text.prefix(59)) + "…" : quote.text
        return "\"\(text)\"" + (quote.author.isEmpty ? "" : " — \(quote.author)")
    }
}
