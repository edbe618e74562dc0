import Testing

@testable import DailyQuoteKit

@Suite("QuotesConfig")
struct QuotesConfigTests {
    @Test("Lengths count Characters as a reader sees them, with both limits inclusive")
    func lengthsAreCharacters() {
        let filters = QuotesConfig(minLength: 3, maxLength: 5)
        // "é" as e + combining acute, a family emoji and a flag are one Character each.
        #expect(filters.refusal(of: Quote(text: "cafe\u{301}", author: "")) == nil)
        #expect(filters.refusal(of: Quote(text: "👨‍👩‍👧🇩🇪x", author: "")) == nil)
        #expect(filters.refusal(of: Quote(text: "abc", author: "")) == nil)
        #expect(filters.refusal(of: Quote(text: "abcde", author: "")) == nil)
        #expect(filters.refusal(of: Quote(text: "ab", author: "")) == .tooShort(2, minimum: 3))
        #expect(filters.refusal(of: Quote(text: "abcdef", author: "")) == .tooLong(6, maximum: 5))
        // A line break is one Character; the author is not counted.
        #expect(filters.refusal(of: Quote(text: "a\r\nb", author: "A very long author name")) == nil)
        // 5 scalars, 3 Characters: Characters decide.
        #expect(QuotesConfig(minLength: 4).refusal(of: Quote(text: "e\u{301}e\u{301}x", author: "")) == .tooShort(3, minimum: 4))
    }

    @Test("exclude_authors ignores case, white space at either end and inner runs of white space")
    func excludeAuthors() {
        let filters = QuotesConfig(excludeAuthors: [" mark   TWAIN ", "Ænima Ölaf"])
        #expect(filters.refusal(of: Quote(text: "x", author: "Mark Twain")) == .excludedAuthor("Mark Twain"))
        #expect(filters.refusal(of: Quote(text: "x", author: "  MARK\ttwain\n")) == .excludedAuthor("  MARK\ttwain\n"))
        #expect(filters.refusal(of: Quote(text: "x", author: "ænima ölaf")) != nil)
        // Whole names only: no substring matches.
        #expect(filters.refusal(of: Quote(text: "x", author: "Mark Twain Jr.")) == nil)
        #expect(filters.refusal(of: Quote(text: "x", author: "")) == nil)
    }

    @Test("include_authors accepts only its authors; no author is never included; exclusion wins")
    func includeAuthors() {
        let filters = QuotesConfig(excludeAuthors: ["Seneca"], includeAuthors: ["seneca", "Marcus Aurelius"])
        #expect(filters.refusal(of: Quote(text: "x", author: "MARCUS AURELIUS")) == nil)
        #expect(filters.refusal(of: Quote(text: "x", author: "Epictetus")) == .authorNotIncluded("Epictetus"))
        #expect(filters.refusal(of: Quote(text: "x", author: "")) == .authorNotIncluded(""))
        #expect(filters.refusal(of: Quote(text: "x", author: "Seneca")) == .excludedAuthor("Seneca"))
        #expect(QuotesConfig.Refusal.authorNotIncluded("").description == "refused by quotes.include_authors: the quote has no author")
    }

    @Test("Each refusal names its key; no filter set refuses only what the default length refuses")
    func keysAndInactive() {
        #expect(QuotesConfig.Refusal.tooShort(1, minimum: 2).key == "min_length")
        #expect(QuotesConfig.Refusal.tooLong(3, maximum: 2).key == "max_length")
        #expect(QuotesConfig.Refusal.excludedAuthor("a").key == "exclude_authors")
        #expect(QuotesConfig.Refusal.authorNotIncluded("a").key == "include_authors")
        #expect(
            QuotesConfig.Refusal.tooLong(300, maximum: 200).description == "refused by quotes.max_length: 300 characters, more than 200")
        #expect(!QuotesConfig().isActive)
        #expect(QuotesConfig().refusal(of: Quote(text: String(repeating: "x", count: 300), author: "")) == nil)
        #expect(QuotesConfig(minLength: 0).isActive)
    }

    @Test(
        "Without max_length a quote of more than 300 characters or 12 lines is refused, counted in characters (a Chinese one per character); a max_length of one's own lifts both"
    )
    func defaultLength() {
        #expect(QuotesConfig.Refusal.overDefaultLength(908, lines: 52).key == "max_length")
        #expect(
            QuotesConfig.Refusal.overDefaultLength(908, lines: 52).description
                == "refused by the default limit (300 characters or 12 lines; set [quotes] max_length): 908 characters in 52 lines"
        )
        // Counted among a local source's refusals as the default, not as a max_length the person set.
        #expect(
            QuotesConfig.Refusal.overDefaultLength(908, lines: 52).countedAs
                == "longer than the default limit (300 characters or 12 lines; set [quotes] max_length)")
        #expect(QuotesConfig.Refusal.tooLong(300, maximum: 200).countedAs == "by max_length")
        // Chinese: 3 bytes of UTF-8 per character, counted once.
        let ode = Array(repeating: "床前明月光，疑是地上霜。", count: 52).joined(separator: "\n")
        #expect(ode.count == 52 * 12 + 51)
        #expect(QuotesConfig().refusal(of: Quote(text: ode, author: "李白")) == .overDefaultLength(675, lines: 52))
        let poem = Array(repeating: "床前明月光，疑是地上霜。", count: 12).joined(separator: "\n")
        #expect(QuotesConfig().refusal(of: Quote(text: poem, author: "李白")) == nil, "155 characters in 12 lines")
        let thirteen = Array(repeating: "短", count: 13).joined(separator: "\n")
        #expect(QuotesConfig().refusal(of: Quote(text: thirteen, author: "")) == .overDefaultLength(25, lines: 13))
        #expect(
            QuotesConfig().refusal(of: Quote(text: String(repeating: "床", count: 301), author: "")) == .overDefaultLength(301, lines: 1))
        #expect(QuotesConfig().refusal(of: Quote(text: String(repeating: "床", count: 300), author: "")) == nil)
        // The byte pre-check decides only what is surely within; at the edges the Characters decide.
        #expect(QuotesConfig.withinDefaultByBytes(String(repeating: "a", count: 300)))
        #expect(!QuotesConfig.withinDefaultByBytes(String(repeating: "a", count: 301)))
        #expect(!QuotesConfig.withinDefaultByBytes(String(repeating: "床", count: 101)), "303 bytes: counted in Characters")
        #expect(
            QuotesConfig().refusal(of: Quote(text: String(repeating: "a", count: 301), author: "")) == .overDefaultLength(301, lines: 1))
        #expect(QuotesConfig.withinDefaultByBytes(Array(repeating: "a", count: 12).joined(separator: "\n")))
        for separator in ["\n", "\r\n", "\u{2028}", "\u{85}"] {
            let lines = Array(repeating: "a", count: 13).joined(separator: separator)
            #expect(!QuotesConfig.withinDefaultByBytes(lines), "\(separator.unicodeScalars.map(\.value))")
            #expect(QuotesConfig().refusal(of: Quote(text: lines, author: "")) != nil)
        }
        // One's own max_length wins, in both directions.
        #expect(QuotesConfig(maxLength: 1000).refusal(of: Quote(text: ode, author: "李白")) == nil)
        #expect(QuotesConfig(maxLength: 100).refusal(of: Quote(text: poem, author: "李白")) == .tooLong(155, maximum: 100))
        // The bundled collection passes the default whole.
        #expect(BundledQuotes.all.allSatisfy { QuotesConfig().refusal(of: $0) == nil })
    }

    @Test("Any one key set makes the filters active, so the no-filter shortcut never skips a check")
    func eachKeyIsActive() {
        let quote = Quote(text: "Hello there.", author: "Ann")
        let single = [
            QuotesConfig(minLength: 20), QuotesConfig(maxLength: 5), QuotesConfig(excludeAuthors: ["ann"]),
            // An empty include list is set: it accepts no author.
            QuotesConfig(includeAuthors: []),
        ]
        for filters in single {
            #expect(filters.isActive)
            #expect(filters.refusal(of: quote) != nil, "\(filters)")
        }
        // Set, but refusing nothing here: still checked, and passes.
        #expect(QuotesConfig(minLength: 0, maxLength: 1000).refusal(of: quote) == nil)
        // Not set: no filter, and even a quote no filter would take passes.
        #expect(!QuotesConfig(excludeAuthors: []).isActive)
        #expect(QuotesConfig().refusal(of: Quote(text: "", author: "  ")) == nil)
    }

    @Test("config check warns when no bundled quote passes the filters")
    func bundledWarning() {
        var config = Config()
        #expect(config.quotesWarnings().isEmpty)
        config.quotes = QuotesConfig(includeAuthors: ["Seneca"])
        #expect(config.quotesWarnings(bundled: [Quote(text: "x", author: "Seneca")]).isEmpty)
        #expect(config.quotesWarnings(bundled: [Quote(text: "x", author: "Cato")]).count == 1)
        config.quotes = QuotesConfig(minLength: 900)
        #expect(config.quotesWarnings().first?.contains("bundled collection is used without them") == true)
    }
}
