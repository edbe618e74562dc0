extension StringProtocol {
    /// The text without leading and trailing white space (Unicode `White_Space`, line breaks
    /// included).
    ///
    /// Foundation's `trimmingCharacters(in:)` would link all of Foundation into the binary.
    func trimmingWhitespace() -> String {
        trimming { $0.isWhitespace }
    }

    /// The text without leading and trailing spaces and tabs; line breaks stay.
    func trimmingSpaces() -> String {
        trimming { $0.isWhitespace && !$0.isNewline }
    }

    /// The text without leading and trailing characters that match `isTrimmed`.
    private func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[first...last])
    }
}
