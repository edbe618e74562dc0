import Foundation

/// The one JSON style of every `--json` flag: pretty, sorted keys (Linux's encoder has no
/// stable order otherwise), unescaped slashes.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
