import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("QuoteSourceReader")
struct QuoteSourceReaderTests {
    let deadline = ContinuousClock.now + .seconds(10)

    @Test("With filters, a local source counts what refused each record when none passes; undecodable records are left out")
    func filteredLocalSources() throws {
        let dir = TemporaryDirectory()
        let path = dir.url("mixed")
        // A Latin-1 record, a control character, a short and a long one.
        let bytes =
            Array("K".utf8) + [0xF6] + Array("ln.\n%\nBell \u{7} ringing here.\n%\nShort.\n%\n".utf8)
            + Array("A much longer record than the limit allows.\n%\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reader = QuoteSourceReader(pick: { _ in 0 })
        let filters = QuotesConfig(minLength: 7, maxLength: 20)
        #expect(
            throws: FetchError.noQuotePasses(
                "no quote of 3 in \(path) passes [quotes] (refused: 1 by max_length, 1 by min_length, 1 by the general rules)",
                refusedBy: "max_length")
        ) {
            try reader.read(SourceConfig(kind: .fortune, path: path), deadline: deadline, filters: filters)
        }
        let latin1 = SourceConfig(kind: .fortune, path: path, encoding: "latin1")
        let quote = try reader.read(latin1, deadline: deadline, filters: QuotesConfig(maxLength: 20))
        #expect(quote == Quote(text: "Köln.", author: ""))
        let binary = dir.url("binary")
        try Data([0xFF, 0xFE, 10, 37, 10, 0xC3, 10]).write(to: URL(fileURLWithPath: binary))
        #expect(throws: FetchError.unreadable("none of the 2 records of \(binary) is valid UTF-8; check the source's encoding")) {
            try reader.read(SourceConfig(kind: .fortune, path: binary), deadline: deadline, filters: filters)
        }
    }

    @Test(
        "A local source whose quotes only the default length refuses says so, not that a max_length refused them; refusedBy stays max_length"
    )
    func defaultLengthCounted() throws {
        let dir = TemporaryDirectory()
        let path = try dir.write("long.txt", String(repeating: "A long thought. ", count: 25) + "-- Someone\n")
        let reader = QuoteSourceReader(pick: { _ in 0 })
        #expect(
            throws: FetchError.noQuotePasses(
                "no quote of 1 in \(path) passes [quotes] (refused: 1 longer than the default limit (300 characters or 12 lines; set [quotes] max_length))",
                refusedBy: "max_length")
        ) {
            try reader.read(SourceConfig(kind: .file, path: path), deadline: deadline)
        }
    }

    @Test("A file source with filters and no passing entry names the key; without filters it reads as before")
    func fileSource() throws {
        let dir = TemporaryDirectory()
        let path = try dir.write("quotes.txt", "Only quote here. -- Someone\n")
        let reader = QuoteSourceReader(pick: { _ in 0 })
        #expect(
            throws: FetchError.noQuotePasses(
                "no quote of 1 in \(path) passes [quotes] (refused: 1 by exclude_authors)", refusedBy: "exclude_authors")
        ) {
            try reader.read(
                SourceConfig(kind: .file, path: path), deadline: deadline, filters: QuotesConfig(excludeAuthors: ["someone"]))
        }
        let quote = try reader.read(SourceConfig(kind: .file, path: path), deadline: deadline)
        #expect(quote.author == "Someone")
    }
}
