import FoundationEssentials

/// The history read for the no-repeat rule only: of each line, the quote, when it was posted,
/// and whether it was a preview or an Another quote.
///
/// A delivery without a cached quote reads the whole history (a line per delivery, ever);
/// decoding every line as a ``HistoryEntry`` with `JSONDecoder` cost about 140,000 instructions a
/// line. The lines are flat objects written by dailyquote, so the few keys are scanned for; a
/// line the scan cannot read is decoded in full, and one that does not decode is skipped, as
/// ``DeliveryLedger/history()`` skips it.
package enum HistoryQuotes {
    /// The entries of the history file at `path`, with only `postedAt`, `plannedAt`, `now`,
    /// `another` and the quote filled in.
    package static func read(at path: String) -> [HistoryEntry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let bytes = [UInt8](data)
        var entries: [HistoryEntry] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
            if end > start {
                let line = bytes[start..<end]
                if let entry = scan(line) {
                    entries.append(entry)
                } else if let entry = try? JSONDecoder().decode(HistoryEntry.self, from: Data(line)) {
                    entries.append(entry)
                }
            }
            start = end + 1
        }
        return entries
    }

    /// The entry's few keys from one line, or nil where the line is not a flat object as
    /// dailyquote writes it (the caller then decodes it in full).
    ///
    /// Keys are told apart by their bytes, and a bare value is made text only where it is read.
    static func scan(_ line: ArraySlice<UInt8>) -> HistoryEntry? {
        var index = line.startIndex
        func skipSpace() {
            while index < line.endIndex, line[index] == 32 || line[index] == 9 || line[index] == 10 || line[index] == 13 { index += 1 }
        }
        /// Where a string literal's contents are; the index moves past its closing quote.
        func literal() -> Range<Int>? {
            guard index < line.endIndex, line[index] == UInt8(ascii: "\"") else { return nil }
            let end = QuoteCollection.literalEnd(line, from: index + 1)
            guard end < line.endIndex else { return nil }
            defer { index = end + 1 }
            return (index + 1)..<end
        }
        /// Any value: where its bytes are (a string's without its quotes).
        func value() -> ScannedValue? {
            skipSpace()
            guard index < line.endIndex else { return nil }
            if line[index] == UInt8(ascii: "\"") { return literal().map { ScannedValue(range: $0, isString: true) } }
            let start = index
            var depth = 0
            while index < line.endIndex {
                let byte = line[index]
                if byte == UInt8(ascii: "\"") {
                    guard literal() != nil else { return nil }
                    continue
                }
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    if depth == 0 { break }
                    depth -= 1
                }
                if byte == UInt8(ascii: ","), depth == 0 { break }
                index += 1
            }
            return ScannedValue(range: start..<index, isString: false)
        }

        skipSpace()
        guard index < line.endIndex, line[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var text: String?
        var author = ""
        var postedAt: Int64?
        var plannedAt: Int64?
        var now: Bool?
        var another: Bool?
        var required = 0
        while true {
            skipSpace()
            guard index < line.endIndex else { return nil }
            if line[index] == UInt8(ascii: "}") { break }
            guard let key = literal() else { return nil }
            skipSpace()
            guard index < line.endIndex, line[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = value() else { return nil }
            // The key's raw bytes are compared, as the String made of them was: none of these
            // names has an escape or a canonical equivalent.
            func keyIs(_ name: StaticString) -> Bool { QuoteCollection.bytes(line[key], spell: name) }
            let bytes = line[value.range]
            if keyIs("text") {
                guard value.isString else { return nil }
                text = QuoteCollection.string(bytes)
            } else if keyIs("author") {
                guard value.isString || bare(bytes) == "null" else { return nil }
                author = value.isString ? QuoteCollection.string(bytes) : ""
            } else if keyIs("postedAt") {
                guard let number = Int64(bare(bytes)) else { return nil }
                postedAt = number
            } else if keyIs("plannedAt") {
                let word = bare(bytes)
                plannedAt = Int64(word)
                guard plannedAt != nil || word == "null" else { return nil }
            } else if keyIs("now") || keyIs("another") {
                let flag = bare(bytes)
                guard flag == "true" || flag == "false" || flag == "null" else { return nil }
                let setting = flag == "null" ? nil : flag == "true"
                if line[key.lowerBound] == UInt8(ascii: "n") { now = setting } else { another = setting }
            } else if keyIs("posted") || keyIs("source") || keyIs("reason") || keyIs("server") {
                guard value.isString else { return nil }
                required += 1
            }
            skipSpace()
            guard index < line.endIndex else { return nil }
            if line[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard line[index] == UInt8(ascii: "}") else { return nil }
            break
        }
        // The keys every line has (HistoryEntry's decoding requires them); else the full decoder decides.
        guard let text, let postedAt, required == 4 else { return nil }
        var entry = HistoryEntry(
            planned: nil, plannedAt: plannedAt, plannedDay: nil, posted: "", postedAt: postedAt, quote: Quote(text: text, author: author),
            source: "", reason: "", server: "")
        entry.now = now
        entry.another = another
        if entry.isPreview { entry.now = true }
        return entry
    }

    /// Where a value of a line is (a string's contents without its quotes); ranges, not slices,
    /// so that no value retains the line.
    private struct ScannedValue {
        var range: Range<Int>
        var isString: Bool
    }

    /// A bare value (a number, `true`, `null`) as text, trimmed of spaces and tabs.
    ///
    /// As dailyquote writes it, a value starts and ends with a visible ASCII byte and is taken as
    /// it is; only a value with white space at an end is trimmed, by Character.
    private static func bare(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if let first = bytes.first, let last = bytes.last, (33..<128).contains(first), (33..<128).contains(last) { return text }
        return text.trimmingSpaces()
    }
}
