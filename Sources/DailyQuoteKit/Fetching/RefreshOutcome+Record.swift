import FoundationEssentials

/// Where the last outcome is kept, and reading it back.
extension RefreshOutcome {
    /// The last recorded outcome (``AppPaths/lastRefresh``), or nil if there is none or it does not parse.
    public static func last(at path: String) -> RefreshOutcome? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(RefreshOutcome.self, from: data)
    }
}
