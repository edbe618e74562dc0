import FoundationEssentials

/// Where the last outcome is kept, and reading it back.
extension FetchOutcome {
    /// The last recorded outcome (``AppPaths/lastRefresh``), or nil if there is none or it does not parse.
    package static func last(at path: String) -> FetchOutcome? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(FetchOutcome.self, from: data)
    }
}
