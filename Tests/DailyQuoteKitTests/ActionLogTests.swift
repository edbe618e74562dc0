import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("ActionLog")
struct ActionLogTests {
    @Test("Presses join the history entry of their notification (id and posting time), in order; a damaged line is skipped")
    func joins() throws {
        let dir = TemporaryDirectory()
        let log = ActionLog(path: AppPaths(root: dir.path).actionLog)
        var first = HistoryEntry.sample(1)
        first.notificationId = 7
        var other = HistoryEntry.sample(2)
        other.notificationId = 7
        try log.append(.init(id: 7, postedAt: first.postedAt, action: .save, at: first.postedAt + 1))
        let handle = try #require(FileHandle(forWritingAtPath: log.path))
        handle.seekToEndOfFile()
        handle.write(Data("{broken\n".utf8))
        try handle.close()
        try log.append(.init(id: 7, postedAt: first.postedAt, action: .copy, at: first.postedAt + 2))
        let annotated = log.annotate([first, other])
        #expect(annotated[0].actions == [.save, .copy])
        #expect(annotated[1].actions == nil)
        let json = String(decoding: try JSONEncoder().encode(annotated[0]), as: UTF8.self)
        #expect(json.contains(#""actions":["save","copy"]"#), "\(json)")
    }

    @Test("An Another entry is neither a preview nor a day's delivery: the state rebuilt from the history ignores it")
    func anotherIsNoDelivery() throws {
        let dir = TemporaryDirectory()
        let ledger = DeliveryLedger(paths: AppPaths(root: dir.path))
        var another = HistoryEntry.sample(3, planned: false)
        another.another = true
        try ledger.appendHistory(HistoryEntry.sample(1))
        try ledger.appendHistory(another)
        let read = ledger.history()
        #expect(read.last?.now == nil, "an Another quote was read as a --now preview")
        #expect(read.last?.isPreview == false)
        #expect(read.last?.isDelivery == false)
        #expect(ledger.state().lastPostedAt == HistoryEntry.sample(1).postedAt)
    }
}
