import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("QuoteFile")
struct QuoteFileTests {
    let path = "/home/ada/quotes.json"

    func read(_ text: String) throws(QuoteFile.ReadError) -> QuoteFile {
        try QuoteFile(contents: Data(text.utf8), path: path)
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("JSON: author is optional (missing or null), a single object is one quote, text stays as written")
    func jsonShapes() throws {
        let file = try read(
            #"[{"text": "No author."}, {"text": "Null author.", "author": null}, {"text": "x < y && a > b &amp;", "author": "Ada"}]"#)
        #expect(
            file.quotes == [
                Quote(text: "No author.", author: ""), Quote(text: "Null author.", author: ""),
                Quote(text: "x < y && a > b &amp;", author: "Ada"),
            ])
        #expect(file.warnings.isEmpty)
        #expect(try read(#"{"text": "Just one.", "author": "Me"}"#).quotes == [Quote(text: "Just one.", author: "Me")])
        #expect(try read(#"[{"text": "Number author.", "author": 7}]"#).quotes == [Quote(text: "Number author.", author: "")])
    }

    @Test("JSON: an entry without a string text is skipped with a warning giving its 1-based index")
    func jsonSkipped() throws {
        let file = try read(#"[{"quote": "wrong key"}, {"text": 42}, "bare", {"text": "   "}, {"text": "Kept.", "author": "A"}]"#)
        #expect(file.quotes == [Quote(text: "Kept.", author: "A")])
        #expect(
            file.warnings == [
                #"/home/ada/quotes.json: entry #1 (1-based) has no "text"; skipped"#,
                #"/home/ada/quotes.json: entry #2 (1-based) "text" is a number, not a string; skipped"#,
                #"/home/ada/quotes.json: entry #3 (1-based) is a string, not an object; skipped"#,
                #"/home/ada/quotes.json: entry #4 (1-based) "text" is empty; skipped"#,
            ])
    }

    @Test(
        "No usable entry is an error naming the file and the reason; JSON is never read as lines",
        arguments: [
            (#"[{"quote": "wrong key"}]"#, #"no usable quote in 1 entry (entry #1 (1-based) has no "text")"#),
            (#"{"quote": "wrong key", "author": "X"}"#, #"the JSON object has no "text""#), ("[]", "an empty JSON array"),
            (#""just a string""#, "is JSON a string"), ("42", "is JSON a number"), ("null", "is JSON null"),
            (#"[{"text": "torn", }"#, "looks like JSON (it starts with [) but does not parse"), ("  {\"text\": \"x\"\n", "does not parse"),
        ])
    func jsonFailures(text: String, reason: String) throws {
        let message = try #require(failure(text))
        #expect(message.contains(path), "\(message)")
        #expect(message.contains(reason), "\(message)")
    }

    @Test("Lines: text -- author; `text --` has no author; a line that is only `-- author` is skipped with a warning")
    func lines() throws {
        let file = try read(
            "# my quotes\n\nA -- B -- Author\nNo author here. -- \nTrailing dashes --\n-- Orphan Author\n--\nx < y && 5 > 4 -- Math\r\nPlain line\n"
        )
        #expect(
            file.quotes == [
                Quote(text: "A -- B", author: "Author"), Quote(text: "No author here.", author: ""),
                Quote(text: "Trailing dashes", author: ""), Quote(text: "x < y && 5 > 4", author: "Math"),
                Quote(text: "Plain line", author: ""),
            ])
        #expect(
            file.warnings == [
                #"/home/ada/quotes.json: line 6 is only an attribution ("-- author"), no quote; skipped"#,
                #"/home/ada/quotes.json: line 7 is only an attribution ("-- author"), no quote; skipped"#,
            ])
    }

    @Test("Lines: only comments and attributions is an error; so is invalid UTF-8 and a missing file")
    func lineFailures() throws {
        #expect(failure("# nothing\n-- Someone\n")?.contains("holds no quotes") == true)
        #expect(throws: QuoteFile.ReadError.self) { try QuoteFile(contents: Data([0x41, 0xFF, 0x0A]), path: path) }
        #expect(throws: QuoteFile.ReadError.self) { try QuoteFile(path: "/nonexistent/quotes.json") }
    }

    @Test("A real file is read from disk")
    func fromDisk() throws {
        let directory = TemporaryDirectory()
        let file = try directory.write("q.json", #"[{"text": "From disk.", "author": null}]"#)
        #expect(try QuoteFile(path: file).quotes == [Quote(text: "From disk.", author: "")])
    }

    @Test("Lines end at line feeds (and CR LF) only: U+2028, U+2029 and NEL stay inside the line's quote, as `wc -l` counts")
    func linesSplitAtLineFeedsOnly() throws {
        let file = try read("Be kind,\u{2028}for all. -- Ian\r\nOne\u{85}two -- Nel\nThree\u{2029}four\n")
        #expect(
            file.quotes == [
                Quote(text: "Be kind,\u{2028}for all.", author: "Ian"), Quote(text: "One\u{85}two", author: "Nel"),
                Quote(text: "Three\u{2029}four", author: ""),
            ])
        #expect(file.warnings.isEmpty)
    }
}
