import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("BundledQuotes")
struct BundledQuotesTests {
    @Test("The collection parses, holds a year of quotes, has no duplicates, and every entry is usable")
    func collection() throws {
        let data = try #require(FileManager.default.contents(atPath: "\(RepositoryPaths.root)/Resources/quotes.json"))
        let file = try JSONDecoder().decode([Quote].self, from: data)
        #expect(file == BundledQuotes.all)
        #expect(file.count >= 365, "a year of deliveries without a repeat")
        #expect(Set(file.map(\.normalisedText)).count == file.count)
        for quote in file {
            #expect((20...300).contains(quote.text.count), "\(quote.text)")
            #expect(!quote.author.trimmingCharacters(in: .whitespaces).isEmpty)
            #expect(!quote.text.contains("<") && !quote.text.contains("\n"))
        }
    }
}
