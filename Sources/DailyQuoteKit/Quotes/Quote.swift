/// A quote and its author.
///
/// In JSON, a quote without an author (`author` empty) has no `author` key; a missing or null
/// `author` reads as none.
package struct Quote: Sendable, Codable, Equatable, Hashable {
    /// The longest quote text accepted, in characters.
    package static let maximumLength = 1000

    package var text: String
    /// Empty for a quote without an author.
    @OmittedWhenEmpty package var author: String

    package init(text: String, author: String) {
        self.text = text
        self.author = author
    }

    /// The text lower-cased with runs of white space folded, for telling repeats apart.
    package var normalisedText: String {
        // ASCII text, nearly every quote, is folded byte by byte: splitting by Characters costs
        // grapheme breaking, and a delivery without a cached quote compares every history line.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                switch byte {
                case 9...13, 32:
                    pendingSpace = !bytes.isEmpty
                case 65...90:
                    if pendingSpace { bytes.append(32) }
                    pendingSpace = false
                    bytes.append(byte + 32)
                default:
                    if pendingSpace { bytes.append(32) }
                    pendingSpace = false
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
