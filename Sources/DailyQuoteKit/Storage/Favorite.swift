/// One saved quote: a line of `favorites.jsonl`.
public struct Favorite: Sendable, Codable, Equatable {
    public var text: String
    public var author: String
    /// When it was saved (Unix seconds).
    public var savedAt: Int64
    /// Where the quote came from (`bundled`, or a source's name), where known.
    public var source: String?

    public init(quote: Quote, savedAt: Int64, source: String? = nil) {
        self.text = quote.text
        self.author = quote.author
        self.savedAt = savedAt
        self.source = source
    }

    public var quote: Quote { Quote(text: text, author: author) }

    /// Whether this favourite is `quote`: the same text and author, exactly as written.
    public func isSame(as quote: Quote) -> Bool { text == quote.text && author == quote.author }
}
