/// One saved quote: a line of `favorites.jsonl`.
///
/// `author` is optional, as everywhere: a line without it, or with `"author": null`, is a quote
/// without an author, which is written without the key.
package struct Favorite: Sendable, Codable, Equatable {
    package var text: String
    /// The author; empty for none, which the JSON leaves out.
    @OmittedWhenEmpty package var author: String
    /// When it was saved (Unix seconds).
    package var savedAt: Int64
    /// Where the quote came from (`bundled`, or a source's name), where known.
    package var source: String?

    package init(quote: Quote, savedAt: Int64, source: String? = nil) {
        self.text = quote.text
        self.author = quote.author
        self.savedAt = savedAt
        self.source = source
    }

    package var quote: Quote { Quote(text: text, author: author) }

    /// Whether this favourite is `quote`: the same text and author, exactly as written.
    package func isSame(as quote: Quote) -> Bool { text == quote.text && author == quote.author }
}
