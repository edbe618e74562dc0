import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("FortuneFile")
struct FortuneFileTests {
    static let text = """
        Well done is better than well said.
        \t\t-- Benjamin Franklin
        %
        A fortune with no attribution,
        spread over two lines.
        %
        While we are postponing, life speeds by.
        \t\t— Seneca
        %
        """

    /// Runs the real strfile(1) on `path`, so the index is made by an independent tool.
    func strfile(_ path: String, rotated: Bool = false) throws {
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["strfile"] + (rotated ? ["-x"] : []) + [path, path + ".dat"], environment: RepositoryPaths.environment())
        try #require(result.status == 0, "strfile failed: \(result.stderr)")
    }

    @Test("A record chosen from the count: the count is the record count, with or without an index")
    func chosenRecord() throws {
        let dir = TemporaryDirectory()
        let path = try dir.write("quotes", Self.text)
        var seen: [Int] = []
        func last(_ count: Int) -> Int {
            seen.append(count)
            return count - 1
        }
        let plain = try FortuneFile(path: path).record(chosenBy: last)
        try strfile(path)
        let indexed = try FortuneFile(path: path).record(chosenBy: last)
        #expect(seen == [3, 3])
        #expect(plain == indexed)
        #expect(indexed.author == "Seneca")
        #expect(throws: FortuneFile.ReadError.self) { try FortuneFile(path: path).record { $0 } }
        let empty = try dir.write("empty", "%\n%\n")
        #expect(throws: FortuneFile.ReadError(description: "\(empty) has no records")) { try FortuneFile(path: empty).record { _ in 0 } }
    }

    @Test("Records read through a strfile index equal those read from the text alone")
    func indexedMatchesText() throws {
        let dir = TemporaryDirectory()
        let path = try dir.write("quotes", Self.text)
        let plain = try (0..<3).map { try FortuneFile(path: path).record($0) }
        try strfile(path)
        let indexed = try (0..<3).map { try FortuneFile(path: path).record($0) }
        #expect(plain == indexed)
        #expect(try FortuneFile(path: path).recordCount() == 3)
        #expect(indexed[0] == Quote(text: "Well done is better than well said.", author: "Benjamin Franklin"))
        #expect(indexed[1] == Quote(text: "A fortune with no attribution,\nspread over two lines.", author: ""))
        #expect(indexed[2].author == "Seneca")
        #expect(throws: FortuneFile.ReadError.self) { try FortuneFile(path: path).record(3) }
    }

    @Test("A rot13 file flagged ROTATED by strfile -x is decoded")
    func rotated() throws {
        let dir = TemporaryDirectory()
        let path = try dir.write("rot", FortuneFile.rot13(Self.text))
        try strfile(path, rotated: true)
        #expect(try FortuneFile(path: path).record(0) == Quote(text: "Well done is better than well said.", author: "Benjamin Franklin"))
    }

    @Test("The system's own fortune files read the same through their index and their text")
    func systemFortunes() throws {
        let path = "/usr/share/games/fortunes/literature"
        try #require(FileManager.default.fileExists(atPath: path + ".dat"), "fortunes-min is not installed (scripts/install-deps)")
        let file = FortuneFile(path: path)
        let all = try file.allRecords()
        #expect(try file.recordCount() == all.count)
        for number in [0, all.count / 2, all.count - 1] {
            #expect(try file.record(number) == FortuneFile.quote(fromRecord: all[number]))
        }
    }

    @Test("A truncated or foreign index is an error, not a crash")
    func badIndex() throws {
        let dir = TemporaryDirectory()
        let path = try dir.write("quotes", Self.text)
        try dir.write("quotes.dat", "garbage")
        #expect(try FortuneFile(path: path).record(0).author == "Benjamin Franklin")  // falls back to the text
        #expect(throws: StrfileIndex.FormatError.self) { try StrfileIndex(header: [UInt8](repeating: 0xFF, count: 24)) }
    }
}
