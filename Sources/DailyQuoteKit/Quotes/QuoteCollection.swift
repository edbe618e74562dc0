/// Quotes that can be counted and read one by one: a list, or a JSON array of `{"text",
/// "author"}` objects that is indexed once and decoded only where read.
///
/// The bundled collection is read this way: a delivery without a cached quote decodes the few
/// quotes it looks at, not all of them.
package struct QuoteCollection: Sendable {
    private enum Storage: Sendable {
        case quotes([Quote])
        /// The JSON text and, for each object, the byte ranges of its text and author literals
        /// (the quotes around them excluded).
        case json([UInt8], [(text: Range<Int>, author: Range<Int>?)])
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
    private static func index(_ bytes: [UInt8]) -> [(text: Range<Int>, author: Range<Int>?)] {
        var entries: [(text: Range<Int>, author: Range<Int>?)] = []
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
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                let literal = start..<min(end, bytes.count)
                position = end + 1
                if depth == 2, expectingValue, let name = key {
                    if bytes[name].elementsEqual("text".utf8) { text = literal }
                    if bytes[name].elementsEqual("author".utf8) { author = literal }
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
                if depth == 2, let found = text { entries.append((found, author)) }
                depth -= 1
            default: break
            }
            position += 1
        }
        return entries
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
