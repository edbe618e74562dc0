import FoundationEssentials

/// A fortune(6) file: records separated by lines holding only `%`, optionally indexed by a
/// strfile `.dat` file beside it, optionally rot13-encoded.
public struct FortuneFile: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// Why no record could be read.
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// How many records the file holds, and the index if one is usable.
    public func recordCount() throws(ReadError) -> Int {
        if let index = try? openIndex() { return Int(index.header.count) }
        return try allRecords().count
    }

    /// Record `number` as a quote.
    ///
    /// With a `.dat` index it reads only that record; without one,
    /// it reads the whole text.
    public func record(_ number: Int) throws(ReadError) -> Quote {
        try record { _ in number }
    }

    /// The record that `pick` chooses from the record count, opening the index (or reading
    /// the text) once.
    public func record(chosenBy pick: (Int) -> Int) throws(ReadError) -> Quote {
        if let index = try? openIndex() {
            return Self.quote(fromRecord: try readIndexed(pick(Int(index.header.count)), index: index))
        }
        let records = try allRecords()
        guard !records.isEmpty else { throw ReadError(description: "\(path) has no records") }
        let number = pick(records.count)
        guard records.indices.contains(number) else { throw ReadError(description: "\(path) has no record \(number)") }
        return Self.quote(fromRecord: records[number])
    }

    private func openIndex() throws -> (header: StrfileIndex, file: ReadOnlyFile) {
        guard let file = ReadOnlyFile(path: path + ".dat") else { throw ReadError(description: "no index") }
        let header = try StrfileIndex(header: try file.read(at: 0, count: StrfileIndex.headerSize))
        guard header.count > 0 else { throw ReadError(description: "empty index") }
        return (header, file)
    }

    private func readIndexed(_ number: Int, index: (header: StrfileIndex, file: ReadOnlyFile)) throws(ReadError) -> String {
        do {
            let range = try index.header.recordRange(number, in: index.file)
            guard range.count <= 64 * 1024 else { throw ReadError(description: "record \(number) of \(path) is too long") }
            guard let text = ReadOnlyFile(path: path) else { throw ReadError(description: "cannot open \(path)") }
            var bytes = try text.read(at: range.lowerBound, count: range.count)
            // A record runs up to the next delimiter line, which the next offset points past.
            let delimiter: [UInt8] = [10, index.header.delimiter, 10]
            if let end = Self.lastOccurrence(of: delimiter, in: bytes) { bytes.removeSubrange(end...) }
            var record = String(decoding: bytes, as: UTF8.self)
            if record.hasSuffix("\n\(Character(Unicode.Scalar(index.header.delimiter)))") { record.removeLast(2) }
            return index.header.isRotated ? Self.rot13(record) : record
        } catch let error as ReadError {
            throw error
        } catch let error as StrfileIndex.FormatError {
            throw ReadError(description: "\(path).dat: \(error.description)")
        } catch {
            throw ReadError(description: "cannot read \(path): \(error)")
        }
    }

    /// Where the last occurrence of `needle` starts in `bytes`.
    static func lastOccurrence(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return stride(from: bytes.count - needle.count, through: 0, by: -1).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// Every record, from the text alone.
    func allRecords() throws(ReadError) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { throw ReadError(description: "cannot read \(path)") }
        var records: [String] = []
        var current: [Substring] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "%" {
                records.append(current.joined(separator: "\n"))
                current = []
            } else {
                current.append(line)
            }
        }
        records.append(current.joined(separator: "\n"))
        return records.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// A record's text (lines trimmed, breaks kept) and author: a last line starting `--` or
    /// `—` is the attribution.
    static func quote(fromRecord record: String) -> Quote {
        var lines = record.trimmingWhitespace().split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        var author = ""
        if let last = lines.last?.trimmingSpaces(), lines.count > 1,
            last.hasPrefix("--") || last.hasPrefix("—")
        {
            author = last.drop { $0 == "-" || $0 == "—" || $0 == " " }.trimmingSpaces()
            lines.removeLast()
        }
        // Line breaks stay: fortunes hold poems and dialogues, and notifications show newlines.
        let text = lines.map { $0.trimmingSpaces() }.joined(separator: "\n")
        return Quote(text: text, author: author)
    }

    /// ROT13 of ASCII letters.
    static func rot13(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.value {
                    case 65...90: Unicode.Scalar((scalar.value - 65 + 13) % 26 + 65)!
                    case 97...122: Unicode.Scalar((scalar.value - 97 + 13) % 26 + 97)!
                    default: scalar
                    }
                }))
    }
}
