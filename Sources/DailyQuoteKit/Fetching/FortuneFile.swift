import DailyQuoteSystem
import FoundationEssentials

/// A fortune(6) file: records separated by lines holding only `%`, optionally indexed by a
/// strfile `.dat` file beside it, optionally rot13-encoded.
///
/// Its text is in `encoding` (UTF-8 unless the source says otherwise), decoded strictly: a
/// record with bytes that are not valid in it is an error naming the record, never text with
/// replacement characters.
package struct FortuneFile: Sendable {
    package var path: String
    package var encoding: CharacterEncoding

    package init(path: String, encoding: CharacterEncoding = .utf8) {
        self.path = path
        self.encoding = encoding
    }

    /// Why no record could be read.
    package struct ReadError: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// How many records the file holds, and the index if one is usable.
    package func recordCount() throws(ReadError) -> Int {
        if let index = try? openIndex() { return Int(index.header.count) }
        return try rawRecords().count
    }

    /// Record `number` as a quote.
    ///
    /// With a `.dat` index it reads only that record; without one,
    /// it reads the whole text.
    package func record(_ number: Int) throws(ReadError) -> Quote {
        try record { _ in number }
    }

    /// The record that `pick` chooses from the record count, opening the index (or reading
    /// the text) once.
    package func record(chosenBy pick: (Int) -> Int) throws(ReadError) -> Quote {
        if let index = try? openIndex() {
            return Self.quote(fromRecord: try readIndexed(pick(Int(index.header.count)), index: index))
        }
        let records = try rawRecords()
        guard !records.isEmpty else { throw ReadError(description: "\(path) has no records") }
        let number = pick(records.count)
        guard records.indices.contains(number) else { throw ReadError(description: "\(path) has no record \(number)") }
        return Self.quote(fromRecord: try decode(records[number], number: number))
    }

    /// The file opened for several picks: its index read once, or, without one, its records
    /// split once.
    package func opened() throws(ReadError) -> Opened {
        if let index = try? openIndex() { return Opened(file: self, storage: .indexed(index.header, index.file)) }
        let records = try rawRecords()
        guard !records.isEmpty else { throw ReadError(description: "\(path) has no records") }
        return Opened(file: self, storage: .records(records))
    }

    /// A fortune file opened by ``opened()``: its record count, and any record by number.
    package struct Opened {
        enum Storage {
            case indexed(StrfileIndex, ReadOnlyFile)
            case records([[UInt8]])
        }

        let file: FortuneFile
        let storage: Storage

        package var count: Int {
            switch storage {
            case .indexed(let header, _): Int(header.count)
            case .records(let records): records.count
            }
        }

        /// Record `number` (0-based) as a quote.
        package func quote(_ number: Int) throws(ReadError) -> Quote {
            switch storage {
            case .indexed(let header, let index):
                return FortuneFile.quote(fromRecord: try file.readIndexed(number, index: (header, index)))
            case .records(let records):
                guard records.indices.contains(number) else { throw ReadError(description: "\(file.path) has no record \(number)") }
                return FortuneFile.quote(fromRecord: try file.decode(records[number], number: number))
            }
        }
    }

    /// Every record that decodes, as a quote, and how many did not decode.
    ///
    /// With a usable `.dat` index its offsets, delimiter and rot13 flag are followed, as by
    /// ``record(chosenBy:)``; without one the text is split at `%` lines.
    package func quotes() throws(ReadError) -> (quotes: [Quote], undecodable: Int) {
        var records: [String] = []
        var undecodable = 0
        func add(_ bytes: [UInt8], rotated: Bool) {
            guard case .success(let text) = encoding.decode(bytes) else {
                undecodable += 1
                return
            }
            records.append(rotated ? Self.rot13(text) : text)
        }
        if let index = try? openIndex(), let offsets = try? readOffsets(index.header) {
            let text = try contents()
            for (start, end) in zip(offsets, offsets.dropFirst()) {
                let lower = min(Int(clamping: start), text.count)
                let upper = min(max(Int(clamping: end), lower), text.count)
                add(Self.trimmingDelimiter(Array(text[lower..<upper]), delimiter: index.header.delimiter), rotated: index.header.isRotated)
            }
        } else {
            for record in try rawRecords() { add(record, rotated: false) }
        }
        let quotes = records.map(Self.quote(fromRecord:)).filter { !$0.text.isEmpty }
        return (quotes, undecodable)
    }

    /// The record offsets of a `.dat` file: one per record plus the end.
    private func readOffsets(_ header: StrfileIndex) throws -> [UInt64] {
        guard let file = ReadOnlyFile(path: path + ".dat") else { throw ReadError(description: "no index") }
        let count = Int(header.count) + 1
        let bytes = try file.read(at: UInt64(StrfileIndex.headerSize), count: 4 * count)
        guard bytes.count == 4 * count else { throw ReadError(description: "the index is truncated") }
        return (0..<count).map { bytes[4 * $0..<4 * $0 + 4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
    }

    /// The whole text file.
    private func contents() throws(ReadError) -> [UInt8] {
        guard let file = ReadOnlyFile(path: path) else { throw ReadError(description: UnreadableFile.message(path)) }
        do {
            return try file.readToEnd(maximum: 64 * 1024 * 1024)
        } catch {
            throw ReadError(description: UnreadableFile.message(path, failure: error.description))
        }
    }

    /// Record `number`'s bytes as text in ``encoding``.
    fileprivate func decode(_ bytes: [UInt8], number: Int) throws(ReadError) -> String {
        switch encoding.decode(bytes) {
        case .success(let text): return text
        case .failure(let error):
            let hint =
                encoding.isUTF8
                ? "; if the file is written in another encoding, name it with encoding = \"...\" in its [[source]]"
                : "; check the source's encoding"
            throw ReadError(description: "record \(number + 1) of \(path) is \(error.description)\(hint)")
        }
    }

    private func openIndex() throws -> (header: StrfileIndex, file: ReadOnlyFile) {
        guard let file = ReadOnlyFile(path: path + ".dat") else { throw ReadError(description: "no index") }
        let header = try StrfileIndex(header: try file.read(at: 0, count: StrfileIndex.headerSize))
        guard header.count > 0 else { throw ReadError(description: "empty index") }
        return (header, file)
    }

    fileprivate func readIndexed(_ number: Int, index: (header: StrfileIndex, file: ReadOnlyFile)) throws(ReadError) -> String {
        do {
            let range = try index.header.recordRange(number, in: index.file)
            guard range.count <= 64 * 1024 else { throw ReadError(description: "record \(number) of \(path) is too long") }
            guard let text = ReadOnlyFile(path: path) else { throw ReadError(description: "cannot open \(path)") }
            let bytes = Self.trimmingDelimiter(
                try text.read(at: range.lowerBound, count: range.count), delimiter: index.header.delimiter)
            let record = try decode(bytes, number: number)
            return index.header.isRotated ? Self.rot13(record) : record
        } catch let error as ReadError {
            throw error
        } catch let error as StrfileIndex.FormatError {
            throw ReadError(description: "\(path).dat: \(error.description)")
        } catch {
            throw ReadError(description: UnreadableFile.message(path, failure: "\(error)"))
        }
    }

    /// A record's bytes without the delimiter line that ends it.
    ///
    /// A record runs up to the next delimiter line, which the next offset points past.
    static func trimmingDelimiter(_ bytes: [UInt8], delimiter: UInt8) -> [UInt8] {
        var bytes = bytes
        if let end = lastOccurrence(of: [10, delimiter, 10], in: bytes) {
            bytes.removeSubrange(end...)
        } else if bytes.suffix(2).elementsEqual([10, delimiter]) {
            bytes.removeLast(2)
        }
        return bytes
    }

    /// Where the last occurrence of `needle` starts in `bytes`.
    static func lastOccurrence(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return stride(from: bytes.count - needle.count, through: 0, by: -1).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// Every record, from the text alone, decoded; a record that does not decode is an error.
    func allRecords() throws(ReadError) -> [String] {
        var records: [String] = []
        for (number, bytes) in try rawRecords().enumerated() {
            records.append(try decode(bytes, number: number).trimmingWhitespace())
        }
        return records
    }

    /// The bytes of every non-blank record, from the text alone: lines holding only `%` (or `%`
    /// and a carriage return) separate them.
    func rawRecords() throws(ReadError) -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: path) else { throw ReadError(description: UnreadableFile.message(path)) }
        var records: [[UInt8]] = []
        var current: [UInt8] = []
        func finish() {
            // Blank records (ASCII white space only) are no records; every allowed encoding keeps ASCII.
            if current.contains(where: { ![9, 10, 11, 12, 13, 32].contains($0) }) { records.append(current) }
            current = []
        }
        for line in data.split(separator: 10, omittingEmptySubsequences: false) {
            if line.elementsEqual([37]) || line.elementsEqual([37, 13]) {
                finish()
            } else {
                current.append(contentsOf: line)
                current.append(10)
            }
        }
        finish()
        return records
    }

    /// A record's text (see ``flowing(_:)``) and author: a last line starting `--` or `—` is
    /// the attribution.
    ///
    /// Terminal colour sequences are removed first (see ``removingTerminalSequences(_:)``), and
    /// CRLF line ends become LF.
    static func quote(fromRecord record: String) -> Quote {
        let plain = removingTerminalSequences(record)
        var lines: [String]
        if plain.utf8.contains(13) {
            // CRLF files (some of fortunes-ru) end lines the same; "\r\n" is one Character, no "\n".
            lines = plain.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        } else {
            // Without a carriage return every line feed is a Character of its own, so splitting the
            // bytes gives the same lines without grapheme breaking (or _StringProcessing's first use).
            lines = plain.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        // Only the ends of the record are trimmed here: a line's indentation says whether its
        // break is kept.
        while let last = lines.last, last.trimmingWhitespace().isEmpty { lines.removeLast() }
        while let first = lines.first, first.trimmingWhitespace().isEmpty { lines.removeFirst() }
        var author = ""
        if let last = lines.last?.trimmingSpaces(), lines.count > 1,
            last.hasPrefix("--") || last.hasPrefix("—")
        {
            author = last.drop { $0 == "-" || $0 == "—" || $0 == " " }.trimmingSpaces()
            lines.removeLast()
        }
        return Quote(text: flowing(lines), author: author)
    }

    /// The lines of a record as flowing text: the record's hard line breaks (it is wrapped for a
    /// terminal) are spaces, so that a notification server wraps the text to its own width.
    ///
    /// A break stays where the record shows a form: a blank line (paragraphs, one blank line
    /// between them however many there were), a line that starts with a space or tab (indented
    /// verse, dialogue, lists), and every line of a verse paragraph: two or more lines all but the
    /// last of which are at most ``verseWidth`` characters, far shorter than a wrapped line.
    /// Lines are trimmed.
    static func flowing(_ lines: [String]) -> String {
        var paragraphs: [[String]] = [[]]
        for line in lines {
            if line.trimmingSpaces().isEmpty {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(line)
            }
        }
        return paragraphs.filter { !$0.isEmpty }.map { raw in
            let trimmed = raw.map { $0.trimmingSpaces() }
            let isVerse = trimmed.count > 1 && trimmed.dropLast().allSatisfy { $0.count <= verseWidth }
            var text = trimmed[0]
            for index in trimmed.indices.dropFirst() {
                let indented = raw[index].first == " " || raw[index].first == "\t"
                text += isVerse || indented ? "\n" : " "
                text += trimmed[index]
            }
            return text
        }.joined(separator: "\n\n")
    }

    /// The longest line of a verse paragraph but its last (``flowing(_:)``): fortune files wrap
    /// prose at about 70 columns, so a wrapped line is rarely this short.
    static let verseWidth = 45

    /// `text` without terminal control sequences.
    ///
    /// These are ECMA-48 sequences (ESC `[`, parameters, a final byte), such as the colours of
    /// fortunes-zh's `ESC[32m` ... `ESC[m`.
    /// They colour the text on a terminal and mean nothing in a notification; a sequence cut
    /// short by another escape is dropped, as a terminal drops it. Any other escape stays, and
    /// the quote is refused for its control character.
    static func removingTerminalSequences(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        let input = Array(text.unicodeScalars)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < input.count {
            if input[index] == "\u{1B}", index + 1 < input.count, input[index + 1] == "[" {
                var end = index + 2
                while end < input.count, (0x20...0x3F).contains(input[end].value) { end += 1 }
                if end < input.count, (0x40...0x7E).contains(input[end].value) {
                    index = end + 1
                    continue
                }
                // An escape inside a sequence cuts it short, as on a terminal (fortunes-zh has `ESC[;ESC[34;1mm`).
                if end < input.count, input[end] == "\u{1B}" {
                    index = end
                    continue
                }
            }
            scalars.append(input[index])
            index += 1
        }
        return String(scalars)
    }

    /// ROT13 of ASCII letters.
    static func rot13(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.value {
                    case 65...90: Unicode.Scalar(UInt8(truncatingIfNeeded: (scalar.value - 65 + 13) % 26 + 65))
                    case 97...122: Unicode.Scalar(UInt8(truncatingIfNeeded: (scalar.value - 97 + 13) % 26 + 97))
                    default: scalar
                    }
                }))
    }
}
