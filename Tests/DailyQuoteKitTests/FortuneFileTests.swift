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

extension FortuneFileTests {
    @Test("All records at once: the same through a strfile index (rot13 included) as from the text, and as one by one")
    func allQuotes() throws {
        let dir = TemporaryDirectory()
        let path = try dir.write("quotes", Self.text)
        let plain = try FortuneFile(path: path).quotes()
        try strfile(path)
        let indexed = try FortuneFile(path: path).quotes()
        #expect(plain.quotes == indexed.quotes)
        #expect(indexed.quotes == (try (0..<3).map { try FortuneFile(path: path).record($0) }))
        #expect(indexed.undecodable == 0)
        let rotated = try dir.write("rot", FortuneFile.rot13(Self.text))
        try strfile(rotated, rotated: true)
        #expect(try FortuneFile(path: rotated).quotes().quotes == indexed.quotes)
        let crlf = try dir.write("crlf", "One.\r\n%\r\nTwo.\r\n\t-- Author\r\n%\r\n")
        #expect(try FortuneFile(path: crlf).quotes().quotes.map(\.text) == ["One.", "Two."])
    }

    @Test("Bytes not valid in the encoding: an error naming the record, indexed or not; quotes() counts and leaves them out")
    func invalidBytes() throws {
        let dir = TemporaryDirectory()
        let path = dir.url("latin1")
        let bytes = Array("Plain ASCII.\n%\nK".utf8) + [0xF6] + Array("ln.\n%\nMore ASCII.\n%\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let message =
            "record 2 of \(path) is not valid UTF-8 (byte 1); if the file is written in another encoding, "
            + "name it with encoding = \"...\" in its [[source]]"
        #expect(throws: FortuneFile.ReadError(description: message)) { try FortuneFile(path: path).record(1) }
        let read = try FortuneFile(path: path).quotes()
        #expect(read.quotes.map(\.text) == ["Plain ASCII.", "More ASCII."])
        #expect(read.undecodable == 1)
        try strfile(path)
        #expect(throws: FortuneFile.ReadError(description: message)) { try FortuneFile(path: path).record(1) }
        let latin1 = try #require(CharacterEncoding("latin1"))
        #expect(try FortuneFile(path: path, encoding: latin1).record(1).text == "Köln.")
        #expect(try FortuneFile(path: path, encoding: latin1).quotes().undecodable == 0)
    }

    @Test("Terminal colour sequences are removed; a sequence cut short by another is dropped; a lone escape stays")
    func terminalSequences() {
        #expect(FortuneFile.removingTerminalSequences("\u{1B}[32m春晓\u{1B}[m\n\u{1B}[0;33m孟浩然\u{1B}[m") == "春晓\n孟浩然")
        #expect(FortuneFile.removingTerminalSequences("a\u{1B}[;\u{1B}[34;1mm b") == "am b")
        #expect(FortuneFile.removingTerminalSequences("buy \u{1B} at cost") == "buy \u{1B} at cost")
        #expect(FortuneFile.removingTerminalSequences("no escapes [32m") == "no escapes [32m")
        #expect(
            FortuneFile.quote(fromRecord: "\u{1B}[1;32mText\u{1B}[m\n  -- \u{1B}[33mPoet\u{1B}[m") == Quote(text: "Text", author: "Poet"))
    }
}

extension FortuneFileTests {
    @Test("A record's wrapped lines flow into one line; a blank line, an indented line and a verse keep their breaks")
    func flowingText() {
        let prose = FortuneFile.quote(
            fromRecord: """
                Wer nach dem Unerreichbaren strebt, verhindert die Verwirklichung des
                Erreichbaren.
                \t\t-- Robert Ardrey
                """)
        #expect(
            prose
                == Quote(
                    text: "Wer nach dem Unerreichbaren strebt, verhindert die Verwirklichung des Erreichbaren.", author: "Robert Ardrey"))
        let paragraphs = FortuneFile.quote(
            fromRecord: """
                The first paragraph is wrapped at seventy columns like any fortune, so
                it flows.


                The second one, after two blank lines, flows too, as one paragraph of
                its own.
                """)
        #expect(
            paragraphs.text
                == "The first paragraph is wrapped at seventy columns like any fortune, so it flows.\n\n"
                + "The second one, after two blank lines, flows too, as one paragraph of its own.")
        let verse = FortuneFile.quote(
            fromRecord: """
                Ich weiß nicht, was soll es bedeuten,
                Daß ich so traurig bin;
                Ein Märchen aus alten Zeiten,
                Das kommt mir nicht aus dem Sinn.
                \t\t-- Heinrich Heine
                """)
        #expect(
            verse.text
                == "Ich weiß nicht, was soll es bedeuten,\nDaß ich so traurig bin;\nEin Märchen aus alten Zeiten,\nDas kommt mir nicht aus dem Sinn."
        )
        let dialogue = FortuneFile.quote(
            fromRecord: """
                A long line of prose that introduces the two speakers of this dialogue:
                    Q: What is the answer to the question that everybody keeps asking me?
                    A: Forty-two, and it has been forty-two for a very long time now.
                """)
        #expect(
            dialogue.text
                == "A long line of prose that introduces the two speakers of this dialogue:\n"
                + "Q: What is the answer to the question that everybody keeps asking me?\n"
                + "A: Forty-two, and it has been forty-two for a very long time now.")
    }

    @Test("German fortunes read as flowing text: no record of fortunes-de's zitate keeps a wrapped line")
    func germanFortunesFlow() throws {
        let path = "/usr/share/games/fortunes/de/zitate"
        try #require(FileManager.default.fileExists(atPath: path), "fortunes-de is not installed (scripts/install-deps test)")
        let quotes = try FortuneFile(path: path).quotes().quotes
        // A prose record of two wrapped lines ("... des\nErreichbaren.") is one line now.
        let ardrey = try #require(quotes.first { $0.author == "Robert Ardrey" && $0.text.hasPrefix("Wer nach dem Unerreichbaren") })
        #expect(!ardrey.text.contains("\n"))
        // Most records are prose: few keep a line break.
        #expect(quotes.filter { $0.text.contains("\n") }.count < quotes.count / 10)
    }

    @Test("A record's lines are those that splitting by Character gives: CRLF, lone CR, non-ASCII, blank and indented lines")
    func linesAsByCharacter() {
        let records = [
            "Plain.\n\t-- Author", "One\r\nCRLF\r\n\t-- A", "Lone\rCR\nline", "Double\r\r\nCR", "\n\nBlank\n\n\nlines\n\n",
            "Ünïcödé\n名言 😀\n  indented\n\t-- Ç", "", "\n", "e\u{301}\nCombining mark after a break\n\u{301}x",
            "\u{1B}[32mColour\u{1B}[m\nline",
        ]
        for record in records {
            // The reference: the record split by Character, as before the byte split.
            let cleaned = FortuneFile.removingTerminalSequences(record).replacing("\r\n", with: "\n")
            var lines = cleaned.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while let last = lines.last, last.trimmingWhitespace().isEmpty { lines.removeLast() }
            while let first = lines.first, first.trimmingWhitespace().isEmpty { lines.removeFirst() }
            var author = ""
            if let last = lines.last?.trimmingSpaces(), lines.count > 1, last.hasPrefix("--") || last.hasPrefix("—") {
                author = last.drop { $0 == "-" || $0 == "—" || $0 == " " }.trimmingSpaces()
                lines.removeLast()
            }
            #expect(FortuneFile.quote(fromRecord: record) == Quote(text: FortuneFile.flowing(lines), author: author), "\(record)")
        }
    }
}
