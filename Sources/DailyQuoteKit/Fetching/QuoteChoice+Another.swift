extension QuoteChoice {
    /// The quote the Another button puts in place of `current`: the last source's quote (the
    /// cache) if it is new and not kept for the next delivery, else one that
    /// ``LocalQuoteChooser`` picks at random from the local sources `local` in order, then the
    /// bundled collection; never one posted in the 365 days before `now` (previews and other
    /// Another quotes included), and never `current`.
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
        bundled: @autoclosure @escaping @Sendable () -> QuoteCollection = BundledQuotes.collection, filters: QuotesConfig = QuotesConfig(),
        local: [LocalQuoteSource] = []
    ) -> QuoteChoice? {
        let yearAgo = now - 365 * 86_400
        var lastPosted: [String: Int64] = [:]
        for entry in history {
            lastPosted[entry.quote.normalisedText] = max(entry.postedAt, lastPosted[entry.quote.normalisedText] ?? .min)
        }
        lastPosted[current.normalisedText] = .max
        if case .valid(let cached) = cache, let lastPostedAt, cached.fetchedAt <= lastPostedAt,
            (lastPosted[cached.quote.normalisedText] ?? .min) < yearAgo, filters.refusal(of: cached.quote) == nil
        {
            return QuoteChoice(quote: cached.quote, source: cached.source, reason: "another")
        }
        let chooser = LocalQuoteChooser(sources: local, filters: filters, bundled: bundled())
        guard let choice = chooser.choose(lastPosted: lastPosted, before: yearAgo, pick: { Int.random(in: 0..<max($0, 1)) }) else {
            return nil
        }
        return QuoteChoice(quote: choice.quote, source: choice.source, reason: "another")
    }
}
