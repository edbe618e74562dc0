/// The quote a delivery will post, where it came from, and why.
package struct QuoteChoice: Sendable, Equatable {
    package var quote: Quote
    /// `bundled`, a local source's name (`fortune`, `file`), or the cached quote's source name.
    package var source: String
    /// `cache`, or `fallback: <why the cache was not used>`.
    package var reason: String

    /// What a quote is chosen for.
    package enum Purpose: Sendable, Equatable {
        /// A delivery (or `show`'s preview of it) planned for local day `day`: the picks are
        /// seeded by the day's number, so that a retry of the same delivery picks the same quote.
        case delivery(day: CivilDate)
        /// The Another button, in place of `current`: a random pick, never `current`.
        case another(replacing: Quote)
    }

    /// How long a posted quote is not posted again: 365 days.
    static let memorySeconds: Int64 = 365 * 86_400

    /// Chooses a quote for `purpose`: the one place the rules are written.
    ///
    /// The cache first, where it may be used: for a delivery, the cached quote if it was fetched
    /// after the last posted notification (`lastPostedAt`); for Another, only one fetched before
    /// it (a newer one is the next delivery's: shown now, it would be posted again then) and not
    /// posted in the last 365 days. Either way it must pass `filters` (the config may have
    /// changed since). Otherwise ``LocalQuoteChooser`` picks, from the local sources `local` in
    /// order and then the bundled collection, a quote that passes `filters` and was not posted in
    /// the 365 days before `now`; if no bundled quote passes, the filters give way for the
    /// bundled collection (a delivery's reason says so). If every bundled quote was posted within
    /// the year, the least recently posted one.
    ///
    /// A delivery's history leaves previews out; Another's counts them, and never picks the quote
    /// it replaces. A delivery always gets a quote (a build without a bundled collection: the
    /// last resort); Another gets nil only when there is no other quote at all.
    package static func choose(
        for purpose: Purpose, cache: QuoteCache.Content, lastPostedAt: Int64?, history: @autoclosure () -> [HistoryEntry], now: Int64,
        bundled: @autoclosure @escaping @Sendable () -> QuoteCollection = BundledQuotes.collection, filters: QuotesConfig = QuotesConfig(),
        local: [LocalQuoteSource] = []
    ) -> QuoteChoice? {
        let yearAgo = now - memorySeconds
        var why = ""
        var lastPosted: [String: Int64]?
        switch (purpose, cache) {
        case (.delivery, .valid(let cached)):
            if let lastPostedAt, cached.fetchedAt <= lastPostedAt {
                why = Self.cacheOlder
            } else if let refusal = filters.refusal(of: cached.quote) {
                why = "cached quote \(refusal)"
            } else {
                return QuoteChoice(quote: cached.quote, source: cached.source, reason: "cache")
            }
        case (.delivery, .absent): why = Self.noCachedQuote
        case (.delivery, .corrupt): why = Self.cacheUnreadable
        case (.another(let current), .valid(let cached)):
            let posted = Self.lastPosted(in: history(), replacing: current)
            lastPosted = posted
            if let lastPostedAt, cached.fetchedAt <= lastPostedAt, (posted[cached.quote.normalisedText] ?? .min) < yearAgo,
                filters.refusal(of: cached.quote) == nil
            {
                return QuoteChoice(quote: cached.quote, source: cached.source, reason: "another")
            }
        case (.another, .absent), (.another, .corrupt): break
        }
        // Only now are the local sources and the history (a line per delivery, ever) read, and
        // the bundled collection only if no local source gives a quote: a fresh cache, the usual
        // case, needs none of them.
        let chooser = LocalQuoteChooser(sources: local, filters: filters, bundled: bundled())
        switch purpose {
        case .delivery(let day):
            var picks = SeededPicks(day: day)
            let posted = Self.lastPosted(in: history(), replacing: nil)
            guard let choice = chooser.choose(lastPosted: posted, before: yearAgo, pick: { picks.next(below: $0) }) else {
                return QuoteChoice(quote: lastResort, source: "bundled", reason: "fallback: \(why)")
            }
            if choice.unfiltered { why += "; \(Self.noBundledQuotePasses)" }
            return QuoteChoice(quote: choice.quote, source: choice.source, reason: "fallback: \(why)")
        case .another(let current):
            let posted = lastPosted ?? Self.lastPosted(in: history(), replacing: current)
            guard let choice = chooser.choose(lastPosted: posted, before: yearAgo, pick: { Int.random(in: 0..<max($0, 1)) }) else {
                return nil
            }
            return QuoteChoice(quote: choice.quote, source: choice.source, reason: "another")
        }
    }

    /// When each quote (by its normalised text) was last posted: a delivery leaves previews out
    /// (`replacing` nil); Another counts them, and marks the quote it replaces as just posted.
    private static func lastPosted(in history: [HistoryEntry], replacing current: Quote?) -> [String: Int64] {
        var lastPosted: [String: Int64] = [:]
        for entry in history where current != nil || !entry.isPreview {
            lastPosted[entry.quote.normalisedText] = max(entry.postedAt, lastPosted[entry.quote.normalisedText] ?? .min)
        }
        if let current { lastPosted[current.normalisedText] = .max }
        return lastPosted
    }

    /// Said when `[quotes]` refuses the whole bundled collection, which is then used unfiltered.
    package static let noBundledQuotePasses = "no bundled quote passes [quotes], so they were ignored for the bundled collection"
    static let cacheOlder = "cache older than the last delivery"
    static let noCachedQuote = "no cached quote"
    static let cacheUnreadable = "cached quote unreadable"

    /// Where a quote came from, in `tr`'s language: `bundled` translated, a source's name as it is.
    package static func sourceText(_ source: String, tr: Translator) -> String {
        // TRANSLATORS: notify's line, in parentheses: the quote came from dailyquote's own collection (a noun phrase).
        source == "bundled" ? tr("bundled") : source
    }

    /// A recorded `reason` (`cache`, `fallback: no cached quote`, …) in `tr`'s language; a
    /// `[quotes]` refusal inside it stays as written (it names config keys).
    package static func reasonText(_ reason: String, tr: Translator) -> String {
        // TRANSLATORS: notify's line, in parentheses: the quote is the one fetched ahead into the cache.
        if reason == "cache" { return tr("cache") }
        guard reason.hasPrefix("fallback: ") else { return reason }
        let rest = reason.dropFirst("fallback: ".count)
        // Nearly every reason is one clause; splitting by a string separator first instantiates
        // _StringProcessing's generic types, a quarter of a million instructions per process.
        let utf8 = Array(rest.utf8)
        let isOneClause = !utf8.indices.dropLast().contains { utf8[$0] == UInt8(ascii: ";") && utf8[$0 + 1] == UInt8(ascii: " ") }
        let clauses = isOneClause ? [rest] : rest.split(separator: "; ", omittingEmptySubsequences: false)
        let whys = clauses.map { why in
            switch String(why) {
            case cacheOlder: return tr("cache older than the last delivery")
            case noCachedQuote: return tr("no cached quote")
            case cacheUnreadable: return tr("cached quote unreadable")
            case noBundledQuotePasses: return tr("no bundled quote passes [quotes], so they were ignored for the bundled collection")
            case let other where other.hasPrefix("cached quote "):
                // TRANSLATORS: why the cached quote was not posted: the [quotes] rule that refuses it ("refused by quotes.max_length: …").
                return tr("cached quote %s", String(other.dropFirst("cached quote ".count)))
            case let other: return other
            }
        }
        // TRANSLATORS: notify's line, in parentheses: a bundled quote stands in, and why (the cache could not be used).
        return tr("fallback: %s", tr.clauses(whys))
    }

    /// The quote of a build without a bundled collection.
    static let lastResort = Quote(text: "Well done is better than well said.", author: "Benjamin Franklin")
}
