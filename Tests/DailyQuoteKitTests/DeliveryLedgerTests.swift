import DailyQuoteKit
import Foundation
import TestSupport
import Testing

@Suite("DeliveryLedger")
struct DeliveryLedgerTests {
    @Test("Records append history lines and replace the state; a torn last line is skipped")
    func recordAndRead() throws {
        let dir = TemporaryDirectory()
        let ledger = DeliveryLedger(directory: dir.url("state"))
        #expect(try ledger.state() == LedgerState())
        let quote = Quote(text: "Well done is better than well said.", author: "Benjamin Franklin")
        for day in 1...2 {
            let entry = HistoryEntry(
                planned: "p\(day)", plannedAt: Int64(day), plannedDay: "d\(day)", posted: "x", postedAt: Int64(day), quote: quote,
                source: "bundled", reason: "r", server: "s")
            try ledger.record(entry, state: LedgerState(lastPlannedAt: Int64(day)))
        }
        #expect(try ledger.state().lastPlannedAt == 2)
        #expect(ledger.history().map(\.planned) == ["p1", "p2"])
        let handle = try #require(FileHandle(forWritingAtPath: ledger.historyPath))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"planned":"torn"#.utf8))
        try handle.close()
        #expect(ledger.history().count == 2)
        let mode = try FileManager.default.attributesOfItem(atPath: ledger.historyPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("A corrupt state file is an error that says how to fix it")
    func corruptState() throws {
        let dir = TemporaryDirectory()
        try dir.write("state/state.json", "{not json")
        #expect(throws: DeliveryLedger.LedgerError.self) { try DeliveryLedger(directory: dir.url("state")).state() }
    }
}
