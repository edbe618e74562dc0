import FoundationEssentials

/// Any JSON value, as a reply to be searched with a ``JSONPointer``.
///
/// Decoded with `JSONDecoder`, which keeps its nesting limit; FoundationEssentials has no
/// `JSONSerialization`.
package enum JSONValue: Sendable, Equatable, Decodable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Parses `data` (any JSON text, a bare scalar too); nil if it is not JSON.
    package init?(parsing data: Data) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        self = value
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The string, if this is one.
    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as it would read in a message: strings bare, integers without a fraction.
    package var text: String {
        switch self {
        case .string(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: String(Int64(value))
        case .number(let value): String(value)
        case .bool(let value): String(value)
        case .null: "null"
        case .array, .object: "…"
        }
    }
}
