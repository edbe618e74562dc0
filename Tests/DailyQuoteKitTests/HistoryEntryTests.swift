import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("HistoryEntry")
struct HistoryEntryTests {
    let format = ZonedTimeFormat(zone: Zones.named("Europe/Berlin"))
    let eight = Zones.instant("2026-06-01T08:00:00+02:00")

    func entry(text: String = "Well done is better than well said.", author: String = "Benjamin Franklin", posted: Int64, planned: Int64?)
        -> HistoryEntry
    {
        HistoryEntry(
            planned: nil, plannedAt: planned, plannedDay: planned.map { _ in "2026-06-01" }, posted: "", postedAt: posted,
            quote: Quote(text: text, author: author), source: "bundled", reason: "cache", server: "dunst")
    }

    @Test("An on-time delivery: when, the quote, the author, where from")
    func onTime() {
        #expect(
            entry(posted: eight + 2, planned: eight).line(format: format)
                == "Mon 2026-06-01 08:00 CEST  \"Well done is better than well said.\" — Benjamin Franklin  [bundled; cache]")
    }

    @Test("No dangling dash without an author")
    func noAuthor() {
        let line = entry(author: "", posted: eight + 2, planned: eight).line(format: format)
        #expect(line == "Mon 2026-06-01 08:00 CEST  \"Well done is better than well said.\"  [bundled; cache]")
        #expect(!line.contains("—"))
    }

    @Test("A catch-up shows the planned and the posted time")
    func catchUp() {
        let line = entry(posted: eight + 9000, planned: eight).line(format: format)
        #expect(line.hasSuffix("(caught up: planned Mon 2026-06-01 08:00 CEST, posted Mon 2026-06-01 10:30 CEST)"), "\(line)")
    }

    @Test("A --now preview is marked; how a notification ended is shown")
    func previewAndEnd() {
        var preview = entry(posted: eight + 60, planned: nil)
        #expect(preview.isPreview)
        preview.closedReason = .dismissed
        preview.closedAt = eight + 120
        #expect(preview.line(format: format).hasSuffix("(posted with --now) (dismissed Mon 2026-06-01 08:02 CEST)"))
    }

    @Test("A delivery that waited for the person says how long, and whether it was posted while they were still away")
    func waitedForPresence() {
        var waited = entry(posted: eight + 2400, planned: eight)
        waited.waitedSeconds = 2400
        #expect(waited.line(format: format).hasSuffix("(waited 40m for you)"), "\(waited.line(format: format))")
        waited.presence = "timeout"
        #expect(waited.line(format: format).hasSuffix("(waited 40m for you; posted while away)"))
    }

    @Test("A multi-line quote keeps its lines, indented under the text")
    func multiLine() {
        let line = entry(text: "First line,\nsecond line.", posted: eight, planned: eight).line(format: format)
        let continued = String(repeating: " ", count: 28) + "second line.\" — Benjamin Franklin"
        #expect(line.hasPrefix("Mon 2026-06-01 08:00 CEST  \"First line,\n" + continued), "\(line)")
    }
}
