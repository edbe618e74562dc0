/// `quote.json` in the cache directory: the quote the fetch stage stored for a delivery.
public struct CachedQuote: Sendable, Codable, Equatable {
    public var text: String
    public var author: String
    /// The source's name (`zenquotes`, `fortune`, ...).
    public var source: String
    public var url: String?
    /// When it was fetched (Unix seconds).
    public var fetchedAt: Int64
    /// The planned delivery it was fetched for (Unix seconds).
    public var forDelivery: Int64?

    public init(text: String, author: String, source: String, url: String?, fetchedAt: Int64, forDelivery: Int64?) {
        self.text = text
        self.author = author
        self.source = source
        self.url = url
        self.fetchedAt = fetchedAt
        self.forDelivery = forDelivery
    }

    public var quote: Quote { Quote(text: text, author: author) }
}
