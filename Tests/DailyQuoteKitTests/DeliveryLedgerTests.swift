import Foundation
import Logging
import Synchronization
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("DeliveryLedger")
struct DeliveryLedgerTests {
    @Test("Records append history lines and replace the state; a torn last line is skipped")
    func recordAndRead() throws {
        let dir = TemporaryDirectory()
        let ledger = DeliveryLedger(paths: AppPaths(root: dir.path))
        #expect(ledger.state() == LedgerState())
        let quote = Quote(text: "Well done is better than well said.", author: "Benjamin Franklin")
        for day in 1...2 {
            let entry = HistoryEntry(
                planned: "p\(day)", plannedAt: Int64(day), plannedDay: "d\(day)", posted: "x", postedAt: Int64(day), quote: quote,
                source: "bundled", reason: "r", server: "s")
            try ledger.record(entry, state: LedgerState(lastPlannedAt: Int64(day)))
        }
        #expect(ledger.state().lastPlannedAt == 2)
        #expect(ledger.history().map(\.planned) == ["p1", "p2"])
        let handle = try #require(FileHandle(forWritingAtPath: ledger.historyPath))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"planned":"torn"#.utf8))
        try handle.close()
        #expect(ledger.history().count == 2)
        let mode = try FileManager.default.attributesOfItem(atPath: ledger.historyPath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("A corrupt state file is moved aside, rebuilt from the history and written anew, with one warning")
    func corruptState() throws {
        let dir = TemporaryDirectory()
        let collected = LogLines()
        let ledger = DeliveryLedger(paths: AppPaths(root: dir.path), logger: collected.logger)
        for day in 1...3 { try ledger.appendHistory(HistoryEntry.sample(day, planned: day != 3)) }
        try dir.write("state/state.json", "{not json")
        // Entry 3 is a preview: it counts neither as a delivery nor as the last post.
        let expected = LedgerState(
            lastPlannedAt: HistoryEntry.sample(2).plannedAt, lastPlannedDay: HistoryEntry.sample(2).plannedDay,
            lastPostedAt: HistoryEntry.sample(2).postedAt)
        #expect(ledger.state() == expected)  // a read alone changes nothing
        #expect(!FileManager.default.fileExists(atPath: dir.url("state/state.json.corrupt")))
        #expect(try ledger.repairedState() == expected)
        #expect(try String(contentsOfFile: dir.url("state/state.json.corrupt"), encoding: .utf8) == "{not json")
        #expect(try ledger.repairedState() == expected)  // written anew: no second warning
        let warnings = collected.all.filter { $0.hasPrefix("warning") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("moved aside to state.json.corrupt") == true)
    }

    @Test("A missing state file is rebuilt from the history, so deleting it never posts a day twice")
    func missingState() throws {
        let dir = TemporaryDirectory()
        let ledger = DeliveryLedger(paths: AppPaths(root: dir.path))
        try ledger.appendHistory(HistoryEntry.sample(1))
        #expect(ledger.state().lastPlannedAt == HistoryEntry.sample(1).plannedAt)
        #expect(!FileManager.default.fileExists(atPath: ledger.statePath), "a read alone writes nothing")
        #expect(try ledger.repairedState().lastPlannedAt == HistoryEntry.sample(1).plannedAt)
        // Written, so that the history is not decoded again on every run.
        #expect(FileManager.default.fileExists(atPath: ledger.statePath))
        #expect(try DeliveryLedger(paths: AppPaths(root: dir.path)).repairedState() == ledger.state())
    }

    @Test("Without a history, a missing state is the empty state, and nothing is written")
    func nothingYet() throws {
        let dir = TemporaryDirectory()
        let ledger = DeliveryLedger(paths: AppPaths(root: dir.path))
        #expect(try ledger.repairedState() == LedgerState())
        #expect(!FileManager.default.fileExists(atPath: dir.url("state")))
    }

    @Test("Corrupt history lines are skipped, each with a warning naming its line")
    func corruptHistoryLines() throws {
        let dir = TemporaryDirectory()
        let collected = LogLines()
        let ledger = DeliveryLedger(paths: AppPaths(root: dir.path), logger: collected.logger)
        try ledger.appendHistory(HistoryEntry.sample(1))
        let handle = try #require(FileHandle(forWritingAtPath: ledger.historyPath))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("garbage\n\n".utf8))
        try handle.close()
        try ledger.appendHistory(HistoryEntry.sample(2))
        #expect(ledger.history().count == 2)
        let warnings = collected.all
        #expect(warnings == ["warning: \(ledger.historyPath):2: not a history entry; skipped"], "\(warnings)")
    }

    /// `state.json` and `history.jsonl` byte for byte as the code before slots wrote them: the
    /// 2026-06-01 08:00 CEST delivery, and a `notify --now` preview after it.
    static let oldState = #"{"lastPlannedAt":1780293600,"lastPlannedDay":"2026-06-01","lastPostedAt":1780293601}"#
    static let oldHistory = """
        {"author":"Seneca","notificationId":7,"planned":"2026-06-01T08:00:00+02:00","plannedAt":1780293600,"plannedDay":"2026-06-01","posted":"2026-06-01T08:00:01+02:00","postedAt":1780293601,"reason":"cache","server":"dunst","source":"zenquotes","text":"Luck is what happens when preparation meets opportunity."}
        {"author":"","now":true,"posted":"2026-06-01T09:00:00+02:00","postedAt":1780297200,"reason":"cache","server":"dunst","source":"zenquotes","text":"A preview."}

        """

    @Test("Files in the format before slots: the old record counts as its day's first slot, the history still reads")
    func migratesOldFormat() throws {
        let dir = TemporaryDirectory()
        try dir.write("state/state.json", Self.oldState)
        try dir.write("state/history.jsonl", Self.oldHistory)
        let ledger = DeliveryLedger(paths: AppPaths(root: dir.path))
        let planner = DeliveryPlanner(
            rules: ["08:00", "20:00"].map { DeliveryTime(parsing: $0)!.rule(weekdays: .everyDay) }, zone: Zones.named("Europe/Berlin"),
            refreshLead: 2700)
        let slots = planner.slots(on: CivilDate(year: 2026, month: 6, day: 1))
        let historyOnly = TemporaryDirectory()
        try historyOnly.write("state/history.jsonl", Self.oldHistory)
        for state in [try ledger.repairedState(), DeliveryLedger(paths: AppPaths(root: historyOnly.path)).state()] {
            #expect(state.lastPlannedAt == 1_780_293_600)
            #expect(state.hasDelivered(slots[0]))
            #expect(!state.hasDelivered(slots[1]))
        }
        // A slot moved to 07:00 after the old 08:00 delivery is not posted again that day.
        let moved = DeliveryPlanner(
            rules: ["07:00", "20:00"].map { DeliveryTime(parsing: $0)!.rule(weekdays: .everyDay) }, zone: Zones.named("Europe/Berlin"),
            refreshLead: 2700)
        #expect(try ledger.repairedState().hasDelivered(moved.slots(on: CivilDate(year: 2026, month: 6, day: 1))[0]))
        let history = ledger.history()
        #expect(history.map(\.text) == ["Luck is what happens when preparation meets opportunity.", "A preview."])
        #expect(history.map(\.slot) == [nil, nil])
        #expect(history[1].isPreview)
        // A new record appends a line with its slot; the old lines stay as they were.
        var entry = HistoryEntry(
            planned: "2026-06-01T20:00:00+02:00", plannedAt: slots[1].at, plannedDay: "2026-06-01", posted: "x", postedAt: slots[1].at,
            quote: Quote(text: "New.", author: ""), source: "bundled", reason: "r", server: "s")
        entry.slot = slots[1].slot
        entry.slotOfDay = slots[1].slotOfDay
        try ledger.record(entry, state: .delivered(slots[1], postedAt: slots[1].at))
        let text = try String(contentsOfFile: ledger.historyPath, encoding: .utf8)
        #expect(text.hasPrefix(Self.oldHistory))
        #expect(text.contains(#""slot":"20:00","slotOfDay":2"#))
        #expect(ledger.state().hasDelivered(slots[1]))
        try FileManager.default.removeItem(atPath: ledger.statePath)
        #expect(ledger.state().hasDelivered(slots[1]), "rebuilt from a history that mixes both formats")
        #expect(ledger.state().lastPlannedSlotOfDay == 2)
    }
}
