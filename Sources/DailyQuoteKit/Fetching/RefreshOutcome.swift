/// What `dailyquote refresh` did; `--json` prints it, and `refresh.json` in the state directory keeps the last one.
public struct RefreshOutcome: Sendable, Codable, Equatable {
    /// One source tried.
    public struct Attempt: Sendable, Codable, Equatable {
        public var source: String
        /// `accepted`, `unchanged` or `failed`.
        public var outcome: String
        public var error: String?
    }

    /// `fetched`, `unchanged` or `failed`.
    public var result: String
    /// The source that gave the quote.
    public var source: String?
    public var elapsedMs: Int
    public var attempts: [Attempt]
    public var quote: Quote?
    /// When it ran (Unix seconds).
    public var at: Int64

    /// `fetched "…" — Seneca (zenquotes, 312 ms)`, or the failure with each source's error.
    public var text: String {
        switch result {
        case "failed":
            let reasons = attempts.map { "\($0.source): \($0.error ?? $0.outcome)" }.joined(separator: "; ")
            return "failed (\(elapsedMs) ms): \(reasons.isEmpty ? "no sources" : reasons)"
        default:
            return "\(result) \(DeliveryOutcome.excerpt(quote)) (\(source ?? "?"), \(elapsedMs) ms)"
        }
    }
}
