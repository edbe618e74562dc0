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
}
