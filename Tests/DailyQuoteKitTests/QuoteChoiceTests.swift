import Synchronization
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("QuoteChoice")
struct QuoteChoiceTests {
    let quotes = (1...5).map { Quote(text: "Quote number \($0) is long enough.", author: "A\($0)") }
    let day = CivilDate(year: 2026, month: 6, day: 1)
    let now = Zones.instant("2026-06-01T08:00:00Z")

    /// A planned delivery of `quote`, or a `notify --now` preview of it.
    func entry(_ quote: Quote, postedAt: Int64, preview: Bool = false) -> HistoryEntry {
        HistoryEntry(
            planned: nil, plannedAt: preview ? nil : postedAt, plannedDay: nil, posted: "", postedAt: postedAt, quote: quote,
            source: "bundled", reason: "", server: "x")
    }

    @Test("Previews (notify --now) do not count as deliveries for the no-repeat rule")
    func previewsDoNotCount() {
        let previews = quotes.dropLast().map { entry($0, postedAt: now - 86_400, preview: true) }
        let planned = quotes.dropLast().map { entry($0, postedAt: now - 86_400) }
        let withPreviews = (0..<20).map { offset in
            delivery(
                cache: .absent, lastPostedAt: nil, day: CivilDate(daysSinceEpoch: day.daysSinceEpoch + Int64(offset)), history: previews,
                now: now, bundled: .init(quotes)
            ).quote
        }
        #expect(Set(withPreviews).count > 1, "previews were counted as deliveries")
        #expect(
            delivery(cache: .absent, lastPostedAt: nil, day: day, history: planned, now: now, bundled: .init(quotes)).quote
                == quotes.last)
    }

    @Test("The fallback is the same for the same day and history, and differs across days")
    func deterministic() {
        let a = delivery(cache: .absent, lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes))
        let b = delivery(cache: .absent, lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes))
        #expect(a == b)
        let week = (0..<5).map { offset in
            delivery(
                cache: .absent, lastPostedAt: nil, day: CivilDate(daysSinceEpoch: day.daysSinceEpoch + Int64(offset)), history: [],
                now: now, bundled: .init(quotes)
            ).quote
        }
        #expect(Set(week).count > 1)
    }

    @Test("Quotes posted within 365 days are skipped; when all were, the least recent is used")
    func noRepeats() {
        let recent = quotes.dropLast().map { entry($0, postedAt: now - 86_400) }
        let choice = delivery(cache: .absent, lastPostedAt: nil, day: day, history: recent, now: now, bundled: .init(quotes))
        #expect(choice.quote == quotes.last)
        let all = quotes.enumerated().map { entry($0.element, postedAt: now - Int64(10 - $0.offset) * 86_400) }
        #expect(
            delivery(cache: .absent, lastPostedAt: nil, day: day, history: all, now: now, bundled: .init(quotes)).quote
                == quotes[0])
        let longAgo = quotes.map { entry($0, postedAt: now - 400 * 86_400) }
        #expect(
            delivery(cache: .absent, lastPostedAt: nil, day: day, history: longAgo, now: now, bundled: .init(quotes)).source
                == "bundled"
        )
    }

    @Test("A corrupt cache falls back and says why")
    func corruptCache() {
        let choice = delivery(cache: .corrupt("bad"), lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes))
        #expect(choice.reason == "fallback: cached quote unreadable")
    }

    @Test("A fresh cache is chosen without reading the history; a fallback reads it")
    func historyOnlyForFallback() {
        let reads = Mutex(0)
        func history() -> [HistoryEntry] {
            reads.withLock { $0 += 1 }
            return []
        }
        let fresh = CachedQuote(
            text: "A fresh quote, fetched today.", author: "B", source: "test", url: nil, fetchedAt: now - 60, forDelivery: nil)
        let cached = delivery(
            cache: .valid(fresh), lastPostedAt: now - 86_400, day: day, history: history(), now: now, bundled: .init(quotes))
        #expect(cached.reason == "cache")
        #expect(reads.withLock { $0 } == 0)
        _ = delivery(cache: .absent, lastPostedAt: nil, day: day, history: history(), now: now, bundled: .init(quotes))
        #expect(reads.withLock { $0 } == 1)
    }
}

extension QuoteChoiceTests {
    @Test("[quotes] filters the bundled collection; if nothing passes, it is used unfiltered and the reason says so")
    func filteredFallback() {
        let only = QuotesConfig(includeAuthors: ["a3"])
        for offset in 0..<10 {
            let day = CivilDate(daysSinceEpoch: day.daysSinceEpoch + Int64(offset))
            let choice = delivery(
                cache: .absent, lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes), filters: only)
            #expect(choice.quote == quotes[2])
            #expect(choice.reason == "fallback: no cached quote")
        }
        let nobody = QuotesConfig(includeAuthors: ["Nobody"])
        let unfiltered = delivery(
            cache: .absent, lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes), filters: nobody)
        #expect(quotes.contains(unfiltered.quote))
        #expect(unfiltered.reason == "fallback: no cached quote; \(QuoteChoice.noBundledQuotePasses)")
    }

    @Test("A fresh cached quote the filters refuse is not used")
    func refusedCache() {
        let fresh = CachedQuote(
            text: "A fresh quote, fetched today.", author: "B", source: "test", url: nil, fetchedAt: now - 60, forDelivery: nil)
        let choice = delivery(
            cache: .valid(fresh), lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes),
            filters: QuotesConfig(minLength: 30))
        #expect(choice.source == "bundled")
        #expect(choice.reason == "fallback: cached quote refused by quotes.min_length: 29 characters, fewer than 30")
        #expect(quotes.contains(choice.quote))
    }
}

extension QuoteChoiceTests {
    @Test("Every reason choose gives reads in the translator's language, the [quotes] refusal kept as written; bundled too")
    func reasonsTranslated() {
        // Each message in ⟦ ⟧, so that any English word left outside one shows.
        let messages = [
            "cache", "bundled", "fallback: %s", "; ", "no cached quote", "cached quote unreadable", "cached quote %s",
            "cache older than the last delivery", QuoteChoice.noBundledQuotePasses,
        ]
        let tr = Translator(languages: ["xx"], lookup: .table(Dictionary(uniqueKeysWithValues: messages.map { ($0, "⟦\($0)⟧") })))
        let fresh = CachedQuote(
            text: "A fresh quote, fetched today.", author: "B", source: "test", url: nil, fetchedAt: now - 60, forDelivery: nil)
        let choices = [
            delivery(cache: .valid(fresh), lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes)),
            delivery(cache: .valid(fresh), lastPostedAt: now, day: day, history: [], now: now, bundled: .init(quotes)),
            delivery(cache: .corrupt("bad"), lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes)),
            delivery(
                cache: .absent, lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes),
                filters: QuotesConfig(includeAuthors: ["Nobody"])),
            delivery(
                cache: .valid(fresh), lastPostedAt: nil, day: day, history: [], now: now, bundled: .init(quotes),
                filters: QuotesConfig(minLength: 30)),
        ]
        #expect(
            choices.map { QuoteChoice.reasonText($0.reason, tr: tr) } == [
                "⟦cache⟧", "⟦fallback: ⟦cache older than the last delivery⟧⟧", "⟦fallback: ⟦cached quote unreadable⟧⟧",
                "⟦fallback: ⟦no cached quote⟧⟦; ⟧⟦\(QuoteChoice.noBundledQuotePasses)⟧⟧",
                "⟦fallback: ⟦cached quote refused by quotes.min_length: 29 characters, fewer than 30⟧⟧",
            ])
        #expect(choices.map { QuoteChoice.sourceText($0.source, tr: tr) } == ["test", "⟦bundled⟧", "⟦bundled⟧", "⟦bundled⟧", "⟦bundled⟧"])
    }
}

extension QuoteChoiceTests {
    /// ``QuoteChoice/choose(for:cache:lastPostedAt:history:now:bundled:filters:local:)`` for a
    /// delivery on `day`; a nil (which a delivery never gets) fails every comparison.
    func delivery(
        cache: QuoteCache.Content, lastPostedAt: Int64?, day: CivilDate, history: @autoclosure () -> [HistoryEntry], now: Int64,
        bundled: @autoclosure @escaping @Sendable () -> QuoteCollection = BundledQuotes.collection, filters: QuotesConfig = QuotesConfig(),
        local: [LocalQuoteSource] = []
    ) -> QuoteChoice {
        QuoteChoice.choose(
            for: .delivery(day: day), cache: cache, lastPostedAt: lastPostedAt, history: history(), now: now, bundled: bundled(),
            filters: filters, local: local)
            ?? QuoteChoice(quote: Quote(text: "nil", author: ""), source: "nil", reason: "nil")
    }

    @Test("A delivery always gets a quote: without any bundled quote, the last resort; Another then gets none")
    func deliveryAlwaysGetsOne() {
        let empty = QuoteChoice.choose(
            for: .delivery(day: day), cache: .absent, lastPostedAt: nil, history: [], now: now, bundled: .init([]))
        #expect(empty == QuoteChoice(quote: QuoteChoice.lastResort, source: "bundled", reason: "fallback: no cached quote"))
        #expect(
            QuoteChoice.choose(
                for: .another(replacing: quotes[0]), cache: .absent, lastPostedAt: nil, history: [], now: now, bundled: .init([]))
                == nil)
    }
}
