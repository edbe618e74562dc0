/// A quote and its author.
public struct Quote: Sendable, Codable, Equatable, Hashable {
    public var text: String
    public var author: String

    public init(text: String, author: String) {
        self.text = text
        self.author = author
    }

    /// The text lower-cased with runs of white space folded, for telling repeats apart.
    public var normalisedText: String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
