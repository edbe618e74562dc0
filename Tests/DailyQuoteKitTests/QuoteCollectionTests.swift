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

    @Test("The fast normalised text of ASCII quotes folds as the Unicode rule does")
    func normalised() {
        for text in ["  Hello,\tWORLD \r\n again  ", "Plain", "", " \n ", "Mixed ünïcode\u{2028}Line"] {
            let quote = Quote(text: text, author: "")
            #expect(quote.normalisedText == text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }
}
