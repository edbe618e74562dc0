/// A quote and its author.
///
/// In JSON, a quote without an author (`author` empty) has no `author` key; a missing or null
/// `author` reads as none.
package struct Quote: Sendable, Codable, Equatable, Hashable {
    package var text: String
    /// Empty for a quote without an author.
    @OmittedWhenEmpty package var author: String

    package init(text: String, author: String) {
        self.text = text
        self.author = author
    }

    /// The text lower-cased with runs of white space folded, for telling repeats apart.
    package var normalisedText: String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
