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
                if let entry = scan(line) ?? (try? JSONDecoder().decode(HistoryEntry.self, from: Data(line))) {
                    entries.append(entry)
                }
            }
            start = end + 1
        }
        return entries
    }

    /// The entry's few keys from one line, or nil where the line is not a flat object as
    /// dailyquote writes it (the caller then decodes it in full).
    static func scan(_ line: ArraySlice<UInt8>) -> HistoryEntry? {
        var index = line.startIndex
        func skipSpace() { while index < line.endIndex, [9, 10, 13, 32].contains(line[index]) { index += 1 } }
        /// A string literal's contents, the index past its closing quote.
        func literal() -> ArraySlice<UInt8>? {
            guard index < line.endIndex, line[index] == UInt8(ascii: "\"") else { return nil }
            var end = index + 1
            while end < line.endIndex, line[end] != UInt8(ascii: "\"") { end += line[end] == UInt8(ascii: "\\") ? 2 : 1 }
            guard end < line.endIndex else { return nil }
            defer { index = end + 1 }
            return line[(index + 1)..<end]
        }
        /// Any value: its bytes (a string's without its quotes).
        func value() -> (bytes: ArraySlice<UInt8>, isString: Bool)? {
            skipSpace()
            guard index < line.endIndex else { return nil }
            if line[index] == UInt8(ascii: "\"") { return literal().map { ($0, true) } }
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
            return (line[start..<index], false)
        }
        func integer(_ bytes: ArraySlice<UInt8>) -> Int64? { Int64(String(decoding: bytes, as: UTF8.self).trimmingSpaces()) }

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
            guard let (bytes, isString) = value() else { return nil }
            // Only the few keys read need their value as text.
            var trimmed: String { String(decoding: bytes, as: UTF8.self).trimmingSpaces() }
            switch String(decoding: key, as: UTF8.self) {
            case "text":
                guard isString else { return nil }
                text = QuoteCollection.string(bytes)
            case "author":
                guard isString || trimmed == "null" else { return nil }
                author = isString ? QuoteCollection.string(bytes) : ""
            case "postedAt":
                guard let number = integer(bytes) else { return nil }
                postedAt = number
            case "plannedAt":
                plannedAt = integer(bytes)
                guard plannedAt != nil || trimmed == "null" else { return nil }
            case "now", "another":
                let flag = trimmed
                guard ["true", "false", "null"].contains(flag) else { return nil }
                let value = flag == "null" ? nil : flag == "true"
                if key.first == UInt8(ascii: "n") { now = value } else { another = value }
            case "posted", "source", "reason", "server":
                guard isString else { return nil }
                required += 1
            default: break
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
}
