import DailyQuoteKit
import FoundationEssentials

/// The one JSON style of every `--json` flag (see `JSONEncoder.dailyquote`).
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder.dailyquote(pretty: true).encode(value), as: UTF8.self)
    }
}
