import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("QuoteChoice.choose for Another")
struct QuoteChoiceAnotherTests {
    let quotes = (1...5).map { Quote(text: "Quote number \($0) is long enough.", author: "A\($0)") }
    let now = Zones.instant("2026-06-01T08:00:00Z")

    func entry(_ quote: Quote, postedAt: Int64, preview: Bool = false) -> HistoryEntry {
        HistoryEntry(
            planned: nil, plannedAt: preview ? nil : postedAt, plannedDay: nil, posted: "", postedAt: postedAt, quote: quote,
            source: "bundled", reason: "", server: "x")
    }

    @Test("Never the quote shown, nor one posted in the last 365 days (previews and Another quotes included)")
    func neverRecent() throws {
        var another = entry(quotes[2], postedAt: now - 60)
        another.plannedAt = nil
        another.another = true
        let history = [
            entry(quotes[0], postedAt: now - 364 * 86_400), entry(quotes[1], postedAt: now - 86_400, preview: true), another,
            entry(quotes[3], postedAt: now - 400 * 86_400),
        ]
        for _ in 0..<50 {
            let choice = try #require(
                QuoteChoice.choose(
                    for: .another(replacing: quotes[4]), cache: .absent, lastPostedAt: nil, history: history, now: now,
                    bundled: .init(quotes)))
            #expect(choice.quote == quotes[3])
            #expect(choice.source == "bundled")
        }
    }

    @Test("The last source's quote when it is new; not when it is the one shown, nor when it is kept for the next delivery")
    func cacheFirst() throws {
        let fetched = Quote(text: "From the source.", author: "S")
        let cache = QuoteCache.Content.valid(
            CachedQuote(text: fetched.text, author: fetched.author, source: "zen", url: nil, fetchedAt: now - 10, forDelivery: nil))
        // Fetched before the last delivery, which posted something else: new, and nobody's.
        let choice = QuoteChoice.choose(
            for: .another(replacing: quotes[0]), cache: cache, lastPostedAt: now - 5, history: [], now: now, bundled: .init(quotes))
        #expect(choice?.quote == fetched)
        #expect(choice?.source == "zen")
        let shown = QuoteChoice.choose(
            for: .another(replacing: fetched), cache: cache, lastPostedAt: now - 5, history: [], now: now, bundled: .init(quotes))
        #expect(shown?.quote != fetched && shown?.source == "bundled")
        // Fetched after the last delivery (or before any): the next delivery's quote.
        for last in [now - 20, nil] {
            let reserved = QuoteChoice.choose(
                for: .another(replacing: quotes[0]), cache: cache, lastPostedAt: last, history: [], now: now, bundled: .init(quotes))
            #expect(reserved?.quote != fetched && reserved?.source == "bundled", "lastPostedAt \(String(describing: last))")
        }
    }

    @Test("When every bundled quote was posted within the year, the least recent other than the one shown")
    func allRecent() {
        let history = quotes.enumerated().map { entry($1, postedAt: now - Int64(10 - $0) * 86_400) }
        #expect(
            QuoteChoice.choose(
                for: .another(replacing: quotes[0]), cache: .absent, lastPostedAt: nil, history: history, now: now, bundled: .init(quotes))?
                .quote
                == quotes[1])
        #expect(
            QuoteChoice.choose(
                for: .another(replacing: quotes[0]), cache: .absent, lastPostedAt: nil, history: [], now: now, bundled: .init([quotes[0]]))
                == nil)
    }
}

extension QuoteChoiceAnotherTests {
    @Test("The [quotes] filters hold for Another: a refused cache quote or bundled quote is never shown")
    func filters() throws {
        let long = Quote(text: String(repeating: "long words ", count: 20), author: "L")
        let fetched = Quote(text: "Refused author's words.", author: "Nobody")
        let cache = QuoteCache.Content.valid(
            CachedQuote(text: fetched.text, author: fetched.author, source: "zen", url: nil, fetchedAt: now - 10, forDelivery: nil))
        let filters = QuotesConfig(maxLength: 60, excludeAuthors: ["nobody"])
        for _ in 0..<30 {
            let choice = try #require(
                QuoteChoice.choose(
                    for: .another(replacing: quotes[0]), cache: cache, lastPostedAt: now - 5, history: [], now: now,
                    bundled: .init(quotes + [long]),
                    filters: filters))
            #expect(choice.quote != fetched)
            #expect(choice.quote != long)
            #expect(choice.quote != quotes[0])
        }
        // Without filters the cache quote is taken (the test above fails for the filter's sake).
        #expect(
            QuoteChoice.choose(
                for: .another(replacing: quotes[0]), cache: cache, lastPostedAt: now - 5, history: [], now: now, bundled: .init(quotes))?
                .quote
                == fetched)
    }
}
