import DailyQuoteKit
import FoundationEssentials

/// The one JSON style of every `--json` flag (see `JSONEncoder.dailyquote`).
enum JSONOutput {
    /// `value` as the `--json` flags print it; a value that does not encode is a bug in
    /// dailyquote (its own types), so the failure is of kind `internal`.
    static func encode<T: Encodable>(_ value: T) throws(CommandFailure) -> String {
        do {
            return String(decoding: try JSONEncoder.dailyquote(pretty: true).encode(value), as: UTF8.self)
        } catch {
            throw CommandFailure("cannot encode the JSON output: \(error.message)", kind: .internal)
        }
    }
}
