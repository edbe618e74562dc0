import Testing

@testable import DailyQuoteKit

@Suite("QuoteAcceptance")
struct QuoteAcceptanceTests {
    @Test(
        "Plain text (the default) is only trimmed: no tag stripping, no entity decoding",
        arguments: [
            "2 < 3 && 5 > 4", "Less is more when x < y", "3 < 5 && 7 > 2 — \"quotes\" & 'marks'", "Fish &amp; chips, &lt;b&gt;",
            "<b>bold</b> as typed", "a<b and c>d", "if x<y then <p> is literal",
        ])
    func plainTextStays(text: String) throws {
        let quote = try QuoteAcceptance.accept(text: "  \(text)\n", author: " R&amp;D <Lab> ").get()
        #expect(quote.text == text)
        #expect(quote.author == "R&amp;D <Lab>")
    }

    @Test("HTML: real tags removed, entities decoded")
    func html() throws {
        let quote = try QuoteAcceptance.accept(
            text: "  <p>Don&#8217;t <b>panic</b> &amp; carry&nbsp;on.</p> ", author: "A &lt;B&gt;", format: .html
        ).get()
        #expect(quote.text == "Don’t panic & carry on.")
        #expect(quote.author == "A <B>")
    }

    @Test(
        "HTML: a < that opens no tag stays, with or without a > after it",
        arguments: [
            ("3 < 5 and <b>7</b> > 2", "3 < 5 and 7 > 2"), ("2 < 3 && 5 > 4", "2 < 3 && 5 > 4"), ("x <y", "x <y"),
            ("a<!-- note -->b", "ab"), ("line<br/>break", "line break"), ("<?xml?>text", "text"), ("a < /b", "a < /b"),
            ("1 <2 and 3> 0", "1 <2 and 3> 0"), ("</i>end", "end"),
        ])
    func htmlBareLessThan(html: String, text: String) throws {
        #expect(try QuoteAcceptance.accept(text: html, author: nil, format: .html).get().text == text)
    }

    @Test("Empty, too long, control characters and the ZenQuotes rate-limit placeholder are refused")
    func refuses() {
        #expect(QuoteAcceptance.accept(text: "  \n ", author: nil) == .failure(.empty))
        #expect(QuoteAcceptance.accept(text: "  <br> ", author: nil, format: .html) == .failure(.empty))
        #expect(QuoteAcceptance.accept(text: String(repeating: "a", count: 1001), author: nil) == .failure(.tooLong(1001)))
        #expect(QuoteAcceptance.accept(text: "bell\u{07}", author: nil) == .failure(.controlCharacters))
        #expect(QuoteAcceptance.accept(text: "bidi \u{202E}gnirts", author: nil) == .failure(.controlCharacters))
        #expect(QuoteAcceptance.accept(text: "Fine", author: "evil\u{1B}[31m") == .failure(.controlCharacters))
        #expect(
            QuoteAcceptance.accept(text: "Too many requests. Obtain an auth key for unlimited access.", author: "zenquotes.io")
                == .failure(.placeholder("rate limited by ZenQuotes")))
        #expect((try? QuoteAcceptance.accept(text: String(repeating: "a", count: 1000), author: nil).get()) != nil)
    }

    @Test(
        "U+2028, U+2029 and NEL are line breaks of the quote, whatever the source: each becomes a line feed, the blanks around it dropped",
        arguments: ["\u{2028}", "\u{2029}", "\u{85}", " \u{2028}\t", "\u{85} "])
    func unicodeLineBreaks(separator: String) throws {
        for format in SourceConfig.Format.allCases {
            let quote = try QuoteAcceptance.accept(text: "Be kind,\(separator)for all.", author: "Ian\(separator)Maclaren", format: format)
                .get()
            #expect(quote.text == "Be kind,\nfor all.", "\(format)")
            #expect(quote.author == "Ian\nMaclaren", "\(format)")
        }
        // A lone carriage return is still a control character.
        #expect(QuoteAcceptance.accept(text: "Be kind,\rfor all.", author: nil) == .failure(.controlCharacters))
    }
}
