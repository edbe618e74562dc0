/// Quotes that can be counted and read one by one: a list, or a JSON array of `{"text",
/// "author"}` objects that is indexed once and decoded only where read.
///
/// The bundled collection is read this way: a delivery without a cached quote decodes the few
/// quotes it looks at, not all of them.
package struct QuoteCollection: Sendable {
    private enum Storage: Sendable {
        case quotes([Quote])
        /// The JSON text and, for each object, where its literals are.
        case json([UInt8], [Entry])
    }

    /// The byte ranges of an object's text and author literals (the quotes around them excluded).
    private struct Entry: Sendable {
        var text: Range<Int>
        var author: Range<Int>?
    }

    private let storage: Storage

    /// The quotes of a list.
    package init(_ quotes: [Quote]) {
        storage = .quotes(quotes)
    }

    /// The objects of a JSON array of `{"text", "author"}` objects whose values are strings (or
    /// `null` for no author); an object without a text string is left out.
    package init(json bytes: [UInt8]) {
        storage = .json(bytes, Self.index(bytes))
    }

    package var count: Int {
        switch storage {
        case .quotes(let quotes): quotes.count
        case .json(_, let entries): entries.count
        }
    }

    /// Quote `index` (0 ≤ index < ``count``).
    package func quote(at index: Int) -> Quote {
        switch storage {
        case .quotes(let quotes): return quotes[index]
        case .json(let bytes, let entries):
            let entry = entries[index]
            return Quote(
                text: Self.string(bytes[entry.text]), author: entry.author.map { Self.string(bytes[$0]) } ?? "")
        }
    }

    /// Every quote, in order.
    package var all: [Quote] { (0..<count).map(quote(at:)) }

    /// The byte ranges of the `text` and `author` string values of each object.
    ///
    /// Every byte of the collection is read once per process, so the loops are kept tight: a
    /// string literal is skipped a quote at a time, and keys are compared as bytes.
    private static func index(_ bytes: [UInt8]) -> [Entry] {
        var entries: [Entry] = []
        var position = 0
        var depth = 0
        var key: Range<Int>?
        var expectingValue = false
        var text: Range<Int>?
        var author: Range<Int>?
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let start = position + 1
                let end = literalEnd(bytes[...], from: start)
                let literal = start..<end
                position = end + 1
                if depth == 2, expectingValue, let name = key {
                    if Self.bytes(bytes[name], spell: "text") { text = literal }
                    if Self.bytes(bytes[name], spell: "author") { author = literal }
                    key = nil
                    expectingValue = false
                } else if depth == 2 {
                    key = literal
                }
                continue
            case UInt8(ascii: ":"): expectingValue = key != nil
            case UInt8(ascii: ","):
                key = nil
                expectingValue = false
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 2 { (text, author, key, expectingValue) = (nil, nil, nil, false) }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 2, let found = text { entries.append(Entry(text: found, author: author)) }
                depth -= 1
            default: break
            }
            position += 1
        }
        return entries
    }

    /// Whether `bytes` are the UTF-8 of `name`: a key is matched without making a String of it
    /// (and byte by byte: `elementsEqual` costs a hundred instructions more a call).
    @inline(__always)
    static func bytes(_ bytes: ArraySlice<UInt8>, spell name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return name.withUTF8Buffer { name in
            var offset = 0
            while offset < name.count, bytes[bytes.startIndex + offset] == name[offset] { offset += 1 }
            return offset == name.count
        }
    }

    /// Where the string literal whose contents start at `start` ends: the index of its closing
    /// quote, or `bytes.endIndex` for a literal left open.
    ///
    /// A quote closes the literal unless an odd number of backslashes stands before it (`\"`
    /// escapes the quote, `\\"` the backslash), which is what reading escape by escape from
    /// `start` finds.
    static func literalEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var from = start
        while from < bytes.endIndex, let quote = bytes[from...].firstIndex(of: UInt8(ascii: "\"")) {
            var backslashes = 0
            while quote - backslashes > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return bytes.endIndex
    }

    /// A JSON string literal's contents (without its quotes) as text, escapes decoded.
    static func string(_ literal: ArraySlice<UInt8>) -> String {
        guard literal.contains(UInt8(ascii: "\\")) else { return String(decoding: literal, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
            bytes.removeAll()
        }
        var index = literal.startIndex
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= literal.endIndex else { return nil }
            return UInt32(String(decoding: literal[at..<at + 4], as: UTF8.self), radix: 16)
        }
        while index < literal.endIndex {
            let byte = literal[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < literal.endIndex else {
                bytes.append(byte)
                index += 1
                continue
            }
            let escape = literal[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): bytes.append(10)
            case UInt8(ascii: "t"): bytes.append(9)
            case UInt8(ascii: "r"): bytes.append(13)
            case UInt8(ascii: "b"): bytes.append(8)
            case UInt8(ascii: "f"): bytes.append(12)
            case UInt8(ascii: "u"):
                guard var value = hex(index) else { continue }
                index += 4
                // A surrogate pair: the high half here, the low half in the next escape.
                if (0xD800..<0xDC00).contains(value), index + 6 <= literal.endIndex, literal[index] == UInt8(ascii: "\\"),
                    literal[index + 1] == UInt8(ascii: "u"), let low = hex(index + 2), (0xDC00..<0xE000).contains(low)
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                flush()
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: bytes.append(escape)
            }
        }
        flush()
        return String(scalars)
    }
}
