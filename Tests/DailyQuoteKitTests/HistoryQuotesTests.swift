import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("HistoryQuotes")
struct HistoryQuotesTests {
    @Test("The scanned history gives the quote, times and flags that the full decoding gives, escapes and odd lines included")
    func sameAsFullDecoding() throws {
        var delivery = HistoryEntry(
            planned: "2026-06-01T08:00:00+02:00", plannedAt: 1_780_293_600, plannedDay: "2026-06-01", posted: "2026-06-01T08:00:01+02:00",
            postedAt: 1_780_293_601, quote: Quote(text: "A \"quoted\" line,\nwith a break and é and 名言 and a \\ too.", author: "Ada"),
            source: "fortune", reason: "fallback: no cached quote", server: "dunst")
        delivery.actions = [.copy, .save]
        delivery.notificationId = 7
        delivery.path = .holder
        var preview = delivery
        preview.now = true
        preview.plannedAt = nil
        preview.postedAt += 5
        preview.author = ""
        var another = delivery
        another.another = true
        another.plannedAt = nil
        let encoder = JSONEncoder.dailyquote()
        let lines = try [delivery, preview, another].map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let dir = TemporaryDirectory()
        // A line written by hand with spaces and a null author, and one that is no entry.
        let hand =
            #"{ "postedAt" : 5, "text" : "Hand \u00e9crit", "author" : null, "posted" : "x", "source" : "s", "reason" : "r", "server" : "d", "plannedAt" : 3 }"#
        let path = try dir.write("history.jsonl", (lines + [hand, "not json", #"{"text": "no postedAt"}"#]).joined(separator: "\n") + "\n")
        let scanned = HistoryQuotes.read(at: path)
        let decoded = JSONLines.read(HistoryEntry.self, at: path).compactMap(\.value)
        #expect(scanned.count == 4 && decoded.count == 4)
        for (light, entry) in zip(scanned, decoded) {
            #expect(light.quote == entry.quote)
            #expect(light.postedAt == entry.postedAt)
            #expect(light.plannedAt == entry.plannedAt)
            #expect(light.isPreview == entry.isPreview)
            #expect(light.another == entry.another)
        }
        #expect(scanned[3].quote == Quote(text: "Hand écrit", author: ""))
        // Each line was scanned, not decoded in full.
        #expect(lines.allSatisfy { HistoryQuotes.scan(ArraySlice($0.utf8)) != nil })
    }

    @Test("Keys are matched whole by their bytes, values with spaces or CRLF read as the full decoding reads them")
    func keysAndSpacing() throws {
        let rest = #""posted": "p", "source": "s", "reason": "r", "server": "d""#
        let lines = [
            // Look-alike keys (a prefix, a longer name, another case) are not the keys read.
            #"{"tex": "no", "texts": "no", "Text": "no", "text": "yes", "nowhere": true, "authors": "no", "author": "A", "postedAt": 7, "#
                + rest + "}",
            // Spaces and tabs around values, a CRLF line end, a null author and flags.
            "{ \"text\" :\t\"Tabbed\" , \"author\" : null , \"postedAt\" : 9 , \"plannedAt\" : null , \"now\" : false , \"another\" : true , "
                + rest + " }\r",
            // A negative postedAt, a numeric plannedAt and a null now.
            #"{"text": "Numbers", "postedAt": -3, "plannedAt": 12, "now": null, "# + rest + "}",
            // A flag that is no flag and a postedAt that is no integer: the scan gives the line up.
            #"{"text": "Odd flag", "postedAt": 1, "now": "yes", "# + rest + "}",
            #"{"text": "Odd time", "postedAt": 1.5, "# + rest + "}",
        ]
        let dir = TemporaryDirectory()
        let path = try dir.write("history.jsonl", lines.joined(separator: "\n") + "\n")
        let decoded = JSONLines.read(HistoryEntry.self, at: path).map(\.value)
        for (line, entry) in zip(lines, decoded) {
            let scanned = HistoryQuotes.scan(ArraySlice(line.utf8))
            guard let entry else {
                #expect(scanned == nil, "\(line)")
                continue
            }
            #expect(scanned?.quote == entry.quote, "\(line)")
            #expect(scanned?.postedAt == entry.postedAt, "\(line)")
            #expect(scanned?.plannedAt == entry.plannedAt, "\(line)")
            #expect(scanned?.isPreview == entry.isPreview, "\(line)")
            #expect(scanned?.another == entry.another, "\(line)")
        }
        #expect(HistoryQuotes.scan(ArraySlice(lines[0].utf8))?.quote == Quote(text: "yes", author: "A"))
        #expect(HistoryQuotes.scan(ArraySlice(lines[2].utf8))?.quote.text == "Numbers")
        #expect(HistoryQuotes.read(at: path).map(\.quote.text) == decoded.compactMap { $0?.quote.text })
    }
}
