import FoundationEssentials

/// Where the last outcome is kept, and reading it back.
extension RefreshOutcome {
    /// `refresh.json` in `stateDirectory`.
    public static func path(inStateDirectory stateDirectory: String) -> String { "\(stateDirectory)/refresh.json" }

    /// The last recorded outcome, or nil if there is none or it does not parse.
    public static func last(inStateDirectory stateDirectory: String) -> RefreshOutcome? {
        guard let data = FileManager.default.contents(atPath: path(inStateDirectory: stateDirectory)) else { return nil }
        return try? JSONDecoder().decode(RefreshOutcome.self, from: data)
    }
}
