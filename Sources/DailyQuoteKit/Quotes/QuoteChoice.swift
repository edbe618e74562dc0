/// The quote a delivery will post, where it came from, and why.
package struct QuoteChoice: Sendable, Equatable {
    package var quote: Quote
    /// `bundled`, or the cached quote's source name.
    package var source: String
    /// `cache`, or `fallback: <why the cache was not used>`.
    package var reason: String

    /// Chooses the quote for a delivery planned for local day `day`.
    ///
    /// The cached quote wins if it was fetched after the last posted notification and passes
    /// `filters` (the config may have changed since). Otherwise a bundled quote that passes
    /// `filters`, not posted in the last 365 days, picked from the day's number, so that a retry
    /// of the same delivery picks the same quote. If no bundled quote passes, the filters are
    /// ignored for the bundled collection and the reason says so.
    package static func choose(
        cache: QuoteCache.Content, lastPostedAt: Int64?, day: CivilDate, history: @autoclosure () -> [HistoryEntry], now: Int64,
        bundled: @autoclosure () -> [Quote] = BundledQuotes.all, filters: QuotesConfig = QuotesConfig()
    ) -> QuoteChoice {
        var why: String
        switch cache {
        case .valid(let cached):
            if let lastPostedAt, cached.fetchedAt <= lastPostedAt {
                why = Self.cacheOlder
            } else if let refusal = filters.refusal(of: cached.quote) {
                why = "cached quote \(refusal)"
            } else {
                return QuoteChoice(quote: cached.quote, source: cached.source, reason: "cache")
            }
        case .absent: why = Self.noCachedQuote
        case .corrupt: why = Self.cacheUnreadable
        }
        // Only now are the bundled collection and the history (a line per delivery, ever)
        // decoded: a fresh cache, the usual case, needs neither.
        let collection = bundled()
        var candidates = filters.isActive ? collection.filter { filters.refusal(of: $0) == nil } : collection
        if candidates.isEmpty, filters.isActive {
            candidates = collection
            why += "; \(Self.noBundledQuotePasses)"
        }
        return QuoteChoice(
            quote: fallback(day: day, history: history(), now: now, bundled: candidates), source: "bundled", reason: "fallback: \(why)")
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
        let whys = reason.dropFirst("fallback: ".count).split(separator: "; ", omittingEmptySubsequences: false).map { why in
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

    /// A bundled quote not posted in the 365 days before `now`, chosen from `day`.
    ///
    /// If every quote was posted within the year, the least recently posted ones are eligible.
    static func fallback(day: CivilDate, history: [HistoryEntry], now: Int64, bundled: [Quote]) -> Quote {
        guard !bundled.isEmpty else { return Quote(text: "Well done is better than well said.", author: "Benjamin Franklin") }
        var lastPosted: [String: Int64] = [:]
        for entry in history where !entry.isPreview { lastPosted[entry.quote.normalisedText] = entry.postedAt }
        let yearAgo = now - 365 * 86_400
        var candidates = bundled.filter { (lastPosted[$0.normalisedText] ?? .min) < yearAgo }
        if candidates.isEmpty {
            let oldest = bundled.map { lastPosted[$0.normalisedText] ?? .min }.min() ?? .min
            candidates = bundled.filter { (lastPosted[$0.normalisedText] ?? .min) == oldest }
        }
        // A multiplicative step spreads consecutive days over the collection.
        let index = Int((UInt64(bitPattern: day.daysSinceEpoch) &* 2_654_435_761) % UInt64(candidates.count))
        return candidates[index]
    }
}
