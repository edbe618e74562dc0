extension QuoteChoice {
    /// The quote the Another button puts in place of `current`: the last source's quote (the
    /// cache) if it is new and not kept for the next delivery, else a bundled one; never one
    /// posted in the 365 days before `now` (previews and other Another quotes included), and
    /// never `current`.
    ///
    /// A quote fetched after the last delivery (`lastPostedAt`) is the next delivery's: shown
    /// now, it would be posted again then.
    ///
    /// Quotes that `filters` refuse are never shown (the `[quotes]` filters, as for a delivery);
    /// if no bundled quote passes them, the filters give way, as ``choose`` does.
    ///
    /// If every bundled quote was posted within the year, the least recently posted one other
    /// than `current`; nil only when there is none at all.
    package static func another(
        current: Quote, cache: QuoteCache.Content, lastPostedAt: Int64?, history: [HistoryEntry], now: Int64,
        bundled: [Quote] = BundledQuotes.all, filters: QuotesConfig = QuotesConfig()
    ) -> QuoteChoice? {
        let passing = filters.isActive ? bundled.filter { filters.refusal(of: $0) == nil } : bundled
        let bundled = passing.isEmpty ? bundled : passing
        let yearAgo = now - 365 * 86_400
        var lastPosted: [String: Int64] = [:]
        for entry in history {
            lastPosted[entry.quote.normalisedText] = max(entry.postedAt, lastPosted[entry.quote.normalisedText] ?? .min)
        }
        lastPosted[current.normalisedText] = .max
        func isFresh(_ quote: Quote) -> Bool { (lastPosted[quote.normalisedText] ?? .min) < yearAgo }
        if case .valid(let cached) = cache, let lastPostedAt, cached.fetchedAt <= lastPostedAt, isFresh(cached.quote),
            filters.refusal(of: cached.quote) == nil
        {
            return QuoteChoice(quote: cached.quote, source: cached.source, reason: "another")
        }
        if let pick = bundled.filter(isFresh).randomElement() {
            return QuoteChoice(quote: pick, source: "bundled", reason: "another")
        }
        let others = bundled.filter { $0.normalisedText != current.normalisedText }
        guard let oldest = others.min(by: { (lastPosted[$0.normalisedText] ?? .min) < (lastPosted[$1.normalisedText] ?? .min) }) else {
            return nil
        }
        return QuoteChoice(quote: oldest, source: "bundled", reason: "another")
    }
}
