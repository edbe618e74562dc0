import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test("Writes the content with mode 0600 in a 0700 directory and leaves no temp file")
    func writes() throws {
        let dir = TemporaryDirectory()
        let path = dir.url("state/dailyquote/state.json")
        try AtomicFile.write(Data("one".utf8), to: path)
        try AtomicFile.write(Data("two".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("two".utf8))
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let dirMode = try FileManager.default.attributesOfItem(atPath: dir.url("state/dailyquote"))[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(dirMode == 0o700)
        #expect(dir.contents() == ["state", "state/dailyquote", "state/dailyquote/state.json"])
    }

    @Test("An unwritable target is a WriteError naming the path")
    func unwritable() throws {
        let dir = TemporaryDirectory()
        let blocker = try dir.write("file", "x")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data(), to: "\(blocker)/inside.json") }
    }
}
