/// `quote.json` in the cache directory: the quote the fetch stage stored for a delivery.
package struct CachedQuote: Sendable, Codable, Equatable {
    package var text: String
    package var author: String
    /// The source's name (`zenquotes`, `fortune`, ...).
    package var source: String
    package var url: String?
    /// When it was fetched (Unix seconds).
    package var fetchedAt: Int64
    /// The planned delivery it was fetched for (Unix seconds).
    package var forDelivery: Int64?

    package init(text: String, author: String, source: String, url: String?, fetchedAt: Int64, forDelivery: Int64?) {
        self.text = text
        self.author = author
        self.source = source
        self.url = url
        self.fetchedAt = fetchedAt
        self.forDelivery = forDelivery
    }

    package var quote: Quote { Quote(text: text, author: author) }
}
