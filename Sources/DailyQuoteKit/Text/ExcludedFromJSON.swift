/// A value a report keeps for its text but not for `--json`: encoding writes nothing for it and
/// decoding gives nil, so the JSON's fields stay exactly as they were.
///
/// The overloads of `encode(_:forKey:)` and `decode(_:forKey:)` below are what the compiler's
/// `Codable` synthesis calls for a property with this wrapper (as for ``OmittedWhenEmpty``).
@propertyWrapper
package struct ExcludedFromJSON<Value: Sendable & Equatable>: Sendable, Equatable, Codable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: any Decoder) throws {
        wrappedValue = nil
    }

    package func encode(to encoder: any Encoder) throws {}
}

extension KeyedEncodingContainer {
    /// Writes nothing.
    package mutating func encode<Value>(_ value: ExcludedFromJSON<Value>, forKey key: Key) throws {}
}

extension KeyedDecodingContainer {
    /// Reads nothing: nil.
    package func decode<Value>(_ type: ExcludedFromJSON<Value>.Type, forKey key: Key) throws -> ExcludedFromJSON<Value> {
        ExcludedFromJSON(wrappedValue: nil)
    }
}
