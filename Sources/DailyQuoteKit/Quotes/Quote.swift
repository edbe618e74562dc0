/// A quote and its author.
package struct Quote: Sendable, Codable, Equatable, Hashable {
    package var text: String
    package var author: String

    package init(text: String, author: String) {
        self.text = text
        self.author = author
    }

    /// The text lower-cased with runs of white space folded, for telling repeats apart.
    package var normalisedText: String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
