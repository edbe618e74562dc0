extension DeliveryOutcome {
    /// The one-line summary `dailyquote notify` prints, in `tr`'s language.
    package func text(zone: ZoneRules, now: Int64, tr: Translator = .english) -> String {
        let format = ZonedTimeFormat(zone: zone)
        switch result {
        case .nothingDue:
            guard let instant = nextAt else { return tr("nothing due") }
            // TRANSLATORS: notify's line when no delivery is due: the next delivery's time, then how far away it is ("in 5 h").
            return tr("nothing due; next delivery %s (%s)", format.display(instant), ZonedTimeFormat.relative(instant - now, tr: tr))
        case .stopped:
            return detail ?? tr("stopped")
        case .posted, .wouldPost, .failed:
            let quote = Self.excerpt(quote, tr: tr)
            let source = source.map { QuoteChoice.sourceText($0, tr: tr) } ?? "?"
            let reason = reason.map { QuoteChoice.reasonText($0, tr: tr) } ?? "?"
            // TRANSLATORS: notify's line: the quote, then where it came from and why it was posted ("bundled", "due").
            var parts = [
                result == .posted
                    ? tr("posted %s (%s, %s)", quote, source, reason)
                    : result == .failed
                        ? tr("failed to post %s (%s, %s)", quote, source, reason) : tr("would post %s (%s, %s)", quote, source, reason)
            ]
            // TRANSLATORS: continues notify's line: the planned delivery's time.
            if let plannedAt { parts.append(tr("for %s", format.display(plannedAt))) }
            // TRANSLATORS: continues notify's line: the notification server's name.
            if let server { parts.append(tr("to %s", server)) }
            if let waitedSeconds {
                parts.append(
                    presence == "timeout"
                        ? tr("after waiting %s s (still away)", String(waitedSeconds)) : tr("after waiting %s s", String(waitedSeconds)))
            }
            return parts.joined(separator: " ")
        }
    }

    /// ``Quote/excerpt(_:oneLine:)``, or `nothing`.
    static func excerpt(_ quote: Quote?, tr: Translator = .english, oneLine: Bool = true) -> String {
        quote?.excerpt(tr, oneLine: oneLine) ?? tr("nothing")
    }
}
