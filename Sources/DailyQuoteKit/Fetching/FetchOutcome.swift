/// What `dailyquote refresh` did; `--json` prints it, and `refresh.json` in the state directory keeps the last one.
package struct FetchOutcome: Sendable, Codable, Equatable {
    /// What a run gave; the raw values are what `--json` and `refresh.json` hold.
    package enum Result: String, Sendable, Codable, Equatable {
        /// A new quote, now in the cache.
        case fetched
        /// The source gave the quote already cached; the cache is untouched.
        case unchanged
        /// No source gave an acceptable quote; the cache is untouched.
        case failed
    }

    /// One source tried, or skipped.
    package struct Attempt: Sendable, Codable, Equatable {
        /// What came of one source; the raw values are what `--json` prints.
        package enum Outcome: String, Sendable, Codable, Equatable {
            case accepted, unchanged, failed
            /// Not tried: the deadline had passed.
            case skipped
        }

        package var source: String
        /// The host asked (`zenquotes.io`, `127.0.0.1:8080`), for a network source; never the
        /// URL's path or query, or a header.
        package var host: String?
        /// The file read, for a `fortune` or `file` source.
        package var path: String?
        package var outcome: Outcome
        package var error: String?
        /// The `[quotes]` key that refused the source's quote (`max_length`, `exclude_authors`, ...);
        /// `error` says why.
        package var refusedBy: String?
        /// The environment variables the source's headers take that were not set, so that it
        /// was not asked; `error` says so.
        package var unsetVariables: [String]?

        package init(_ source: SourceConfig, outcome: Outcome, error: String? = nil) {
            self.source = source.name
            self.host = source.host
            self.path = source.host == nil ? source.path : nil
            self.outcome = outcome
            self.error = error
        }

        /// `zenquotes (127.0.0.1:8080): HTTP 500`, `fortune (/usr/share/games/fortunes/wisdom): skipped, ...`.
        package var text: String {
            let place = host ?? path
            let detail = outcome == .skipped ? "skipped, not tried before the deadline" : error ?? outcome.rawValue
            return "\(source)\(place.map { " (\($0))" } ?? ""): \(detail)"
        }
    }

    package var result: Result
    /// The source that gave the quote.
    package var source: String?
    package var elapsedMs: Int
    package var attempts: [Attempt]
    package var quote: Quote?
    /// When it ran (Unix seconds).
    package var at: Int64

    /// `fetched "…" — Seneca (zenquotes, 312 ms)`, or the failure with each source's error.
    ///
    /// Quotes `[quotes]` refused before the one taken, and sources not asked for want of an
    /// environment variable, are named after it, so that `status` says why a source further down
    /// the list gave the quote.
    package var text: String {
        switch result {
        case .failed:
            let reasons = attempts.map(\.text).joined(separator: "; ")
            return "failed (\(elapsedMs) ms): \(reasons.isEmpty ? "no sources" : reasons)"
        case .fetched, .unchanged:
            let refused = attempts.filter { $0.refusedBy != nil || $0.unsetVariables != nil }.map(\.text)
            let after = refused.isEmpty ? "" : "; before it, \(refused.joined(separator: "; "))"
            return "\(result.rawValue) \(DeliveryOutcome.excerpt(quote)) (\(source ?? "?"), \(elapsedMs) ms\(after))"
        }
    }
}
