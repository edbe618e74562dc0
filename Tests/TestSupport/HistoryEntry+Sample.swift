import DailyQuoteKit

extension HistoryEntry {
    /// The history entry of day `day` of a sample series: a ledger's lines whose days the test counts.
    ///
    /// Day N is posted at 1,790,000,000 + N days + 5 s, with the quote "Quote N."; planned
    /// (`pN`, planned day 2026-09-(10+N)) unless `planned` is false (a preview).
    package static func sample(_ day: Int, planned: Bool = true) -> HistoryEntry {
        let at = Int64(1_790_000_000 + day * 86_400)
        return HistoryEntry(
            planned: planned ? "p\(day)" : nil, plannedAt: planned ? at : nil, plannedDay: planned ? "2026-09-\(10 + day)" : nil,
            posted: "x", postedAt: at + 5, quote: Quote(text: "Quote \(day).", author: ""), source: "bundled", reason: "r", server: "s")
    }
}
