import DailyQuoteSystem
import FoundationEssentials

/// Reads and writes the cached quote (``AppPaths/quoteCache``).
package struct QuoteCache: Sendable {
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// What the cache holds.
    package typealias Content = JSONFile<CachedQuote>

    /// The cached quote, if there is a readable one.
    package func read() -> Content {
        JSONFile(at: path) { $0.text.trimmingWhitespace().isEmpty ? "empty text" : nil }
    }
}

extension QuoteCache {
    /// Stores `quote` atomically (temp file, fsync, rename; 0600 in a 0700 directory).
    package func store(_ quote: CachedQuote) throws {
        try AtomicFile.write(try JSONEncoder.dailyquote().encode(quote), to: path)
    }
}
