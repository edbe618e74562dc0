import FoundationEssentials

/// Reads and writes the cached quote (``AppPaths/quoteCache``).
package struct QuoteCache: Sendable {
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// What the cache holds.
    package enum Content: Sendable, Equatable {
        case absent
        case corrupt(String)
        case quote(CachedQuote)
    }

    /// The cached quote, if there is a readable one.
    package func read() -> Content {
        guard let data = FileManager.default.contents(atPath: path) else { return .absent }
        do {
            let cached = try JSONDecoder().decode(CachedQuote.self, from: data)
            guard !cached.text.trimmingWhitespace().isEmpty else { return .corrupt("empty text") }
            return .quote(cached)
        } catch {
            return .corrupt(error.message)
        }
    }
}

extension QuoteCache {
    /// Stores `quote` atomically (temp file, fsync, rename; 0600 in a 0700 directory).
    package func store(_ quote: CachedQuote) throws {
        try AtomicFile.write(try JSONEncoder.dailyquote().encode(quote), to: path)
    }
}
