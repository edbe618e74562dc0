import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials

/// The one JSON style of every `--json` flag (see `JSONEncoder.dailyquote`).
enum JSONOutput {
    /// `value` as the `--json` flags print it; a value that does not encode is a bug in
    /// dailyquote (its own types), so the failure is of kind `internal`.
    static func encode<T: Encodable>(_ value: T) throws(CommandFailure) -> String {
        do {
            return compactingEmpty(String(decoding: try JSONEncoder.dailyquote(pretty: true).encode(value), as: UTF8.self))
        } catch {
            throw CommandFailure("cannot encode the JSON output: \(error.message)", kind: .internal)
        }
    }

    /// `json` with empty arrays and objects written `[]` and `{}`, where the pretty printer puts
    /// a blank line between the brackets.
    ///
    /// A line break between them can only be the printer's: a JSON string holds none unescaped.
    static func compactingEmpty(_ json: String) -> String {
        json.replacing(#/\[\n\s*\]/#, with: "[]").replacing(#/\{\n\s*\}/#, with: "{}")
    }
}
