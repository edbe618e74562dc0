import DailyQuoteKit
import Testing

@Suite("QuoteAcceptance")
struct QuoteAcceptanceTests {
    @Test("HTML is stripped and entities decoded")
    func cleans() throws {
        let quote = try QuoteAcceptance.accept(text: "  <p>Don&#8217;t <b>panic</b> &amp; carry&nbsp;on.</p> ", author: "A &lt;B&gt;").get()
        #expect(quote.text == "Don’t panic & carry on.")
        #expect(quote.author == "A <B>")
    }

    @Test("Empty, too long, control characters and the ZenQuotes rate-limit placeholder are refused")
    func refuses() {
        #expect(QuoteAcceptance.accept(text: "  <br> ", author: nil) == .failure(.empty))
        #expect(QuoteAcceptance.accept(text: String(repeating: "a", count: 1001), author: nil) == .failure(.tooLong(1001)))
        #expect(QuoteAcceptance.accept(text: "bell\u{07}", author: nil) == .failure(.controlCharacters))
        #expect(QuoteAcceptance.accept(text: "bidi \u{202E}gnirts", author: nil) == .failure(.controlCharacters))
        #expect(QuoteAcceptance.accept(text: "Fine", author: "evil\u{1B}[31m") == .failure(.controlCharacters))
        #expect(
            QuoteAcceptance.accept(text: "Too many requests. Obtain an auth key for unlimited access.", author: "zenquotes.io")
                == .failure(.placeholder("rate limited by ZenQuotes")))
        #expect((try? QuoteAcceptance.accept(text: String(repeating: "a", count: 1000), author: nil).get()) != nil)
    }
}
