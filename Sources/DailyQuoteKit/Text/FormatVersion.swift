/// A JSON format that a process of another dailyquote version may read, across an upgrade or
/// a downgrade: the hold marker `hold.json` and the holder's wire (``Hold/Request``, ``Hold/Reply``).
///
/// Each such value carries `"version"`. The number changes only with a change an older reader
/// would misread: a contract field (each type's doc comment names them) removed, renamed, or given
/// another meaning. A new optional field does not change it: older readers ignore unknown keys.
/// A value without a version is 1.0.0's format, version 1. A reader given a newer version than it
/// knows does not act on it (``isKnown``); each type says what it does instead. docs/development.md,
/// "Compatibility paths", says how long a reader keeps reading an older version.
package protocol FormatVersion {
    /// The version this build writes, and the newest it reads.
    static var formatVersion: Int { get }
    /// The version the value was written in; nil: 1.0.0's format, written before versions.
    var version: Int? { get }
}

extension FormatVersion {
    /// Whether this build knows the value's format: 1.0.0's (no version) up to ``formatVersion``.
    package var isKnown: Bool { (version ?? 1) <= Self.formatVersion }
}
