import Foundation
import Testing

@testable import DailyQuoteKit

@Suite("QuoteCollection")
struct QuoteCollectionTests {
    @Test("A JSON array read lazily equals JSONDecoder's reading: escapes, surrogate pairs, null and missing authors, key order")
    func json() throws {
        let text = #"""
            [
             {"text": "Plain \"quoted\" text, a back\\slash, a tab\there.", "author": "A"},
             {"author": "B", "text": "Key order reversed; caf\u00e9 and \ud83d\ude00 and a / \/ slash."},
             {"text": "No author at all."},
             {"text": "A null author, and \n a line feed.", "author": null},
             {"text": "Ünïcödé written raw: 名言", "author": "Ç"}
            ]
            """#
        let collection = QuoteCollection(json: Array(text.utf8))
        let decoded = try JSONDecoder().decode([Quote].self, from: Data(text.utf8))
        #expect(collection.count == 5)
        #expect(collection.all == decoded)
        #expect(collection.quote(at: 1).text.contains("😀"))
    }

    @Test("The index finds the quotes that reading every literal escape by escape finds, on varied documents")
    func indexAsReference() {
        let fixed = [
            #"[{"text": "a \" quote ending in an escaped backslash \\", "author": "\\"}]"#,
            "[\r\n {\r\n  \"text\": \"CRLF between tokens\",\r\n  \"author\": \"Ç\"\r\n }\r\n]",
            #"[{}, {"text": ""}, {"author": "no text"}, {"text": "", "author": ""}, {"text": "名言 😀", "author": null}]"#,
            #"[{"text": "nested", "extra": {"text": "not this one"}, "list": ["text", "author"], "author": "A"}]"#,
            #"[{"texts": "look-alike key", "text": "real", "Author": "no", "author": "yes"}]"#,
            #"[{"text": "left open"#, #"[{"text": "left open\"#, "", "[]",
        ]
        var picks = SeededPicks(seed: 30)
        let pieces = ["\"", "\\", "\\\\", "\\\"", "a", "é", "名", "😀", " ", "\r\n", ",", ":", "{", "}"]
        let generated = (0..<200).map { _ in
            (0..<picks.next(below: 6)).map { _ in
                let text = (0..<picks.next(below: 12)).map { _ in pieces[picks.next(below: pieces.count)] }.joined()
                let author =
                    picks.next(below: 3) == 0
                    ? "null" : "\"\((0..<picks.next(below: 4)).map { _ in pieces[picks.next(below: 5) + 3] }.joined())\""
                return picks.next(below: 4) == 0 ? #"{"author": \#(author)}"# : #"{"text": "\#(text)", "author": \#(author)}"#
            }.joined(separator: picks.next(below: 2) == 0 ? ",\r\n" : ", ")
        }.map { "[\($0)]" }
        for document in fixed + generated {
            let bytes = Array(document.utf8)
            let collection = QuoteCollection(json: bytes)
            let reference = Self.referenceQuotes(bytes)
            #expect(collection.count == reference.count, "\(document)")
            #expect(collection.all == reference, "\(document)")
        }
    }

    @Test("A literal ends at the first quote not escaped, as reading escape by escape finds")
    func literalEnd() {
        var picks = SeededPicks(seed: 8)
        let bytes: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "a"), 0xC3, 0xA9]
        for _ in 0..<2000 {
            let literal = (0..<picks.next(below: 10)).map { _ in bytes[picks.next(below: bytes.count)] }
            let slice = ([UInt8(ascii: "x")] + literal)[1...]
            var end = slice.startIndex
            while end < slice.endIndex, slice[end] != UInt8(ascii: "\"") { end += slice[end] == UInt8(ascii: "\\") ? 2 : 1 }
            #expect(QuoteCollection.literalEnd(slice, from: slice.startIndex) == min(end, slice.endIndex), "\(literal)")
        }
    }

    /// The quotes of a JSON array as the first index read them: every literal escape by escape,
    /// keys made text (the reference for the faster index).
    static func referenceQuotes(_ bytes: [UInt8]) -> [Quote] {
        var quotes: [Quote] = []
        var position = 0
        var depth = 0
        var key: Range<Int>?
        var expectingValue = false
        var text: Range<Int>?
        var author: Range<Int>?
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                let start = position + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                let literal = start..<min(end, bytes.count)
                position = end + 1
                if depth == 2, expectingValue, let name = key {
                    if String(decoding: bytes[name], as: UTF8.self) == "text" { text = literal }
                    if String(decoding: bytes[name], as: UTF8.self) == "author" { author = literal }
                    key = nil
                    expectingValue = false
                } else if depth == 2 {
                    key = literal
                }
                continue
            case UInt8(ascii: ":"): expectingValue = key != nil
            case UInt8(ascii: ","): (key, expectingValue) = (nil, false)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 2 { (text, author, key, expectingValue) = (nil, nil, nil, false) }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 2, let found = text {
                    quotes.append(
                        Quote(text: QuoteCollection.string(bytes[found]), author: author.map { QuoteCollection.string(bytes[$0]) } ?? ""))
                }
                depth -= 1
            default: break
            }
            position += 1
        }
        return quotes
    }

    @Test("The fast normalised text of ASCII quotes folds as the Unicode rule does")
    func normalised() {
        for text in ["  Hello,\tWORLD \r\n again  ", "Plain", "", " \n ", "Mixed ünïcode\u{2028}Line"] {
            let quote = Quote(text: text, author: "")
            #expect(quote.normalisedText == text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }
}
