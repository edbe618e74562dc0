/// A text that JSON leaves out when it is empty, and reads as empty when its key is missing or
/// null: an optional field such as a quote's author, kept as a plain `String` in code.
///
/// The overloads of `encode(_:forKey:)` and `decode(_:forKey:)` below are what the compiler's
/// `Codable` synthesis calls for a property with this wrapper.
@propertyWrapper
package struct OmittedWhenEmpty: Sendable, Equatable, Hashable, Codable {
    package var wrappedValue: String

    package init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? "" : try container.decode(String.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedEncodingContainer {
    /// Writes nothing for an empty text.
    package mutating func encode(_ value: OmittedWhenEmpty, forKey key: Key) throws {
        if !value.wrappedValue.isEmpty { try encode(value.wrappedValue, forKey: key) }
    }
}

extension KeyedDecodingContainer {
    /// A missing key, or null, is an empty text.
    package func decode(_ type: OmittedWhenEmpty.Type, forKey key: Key) throws -> OmittedWhenEmpty {
        OmittedWhenEmpty(wrappedValue: try decodeIfPresent(String.self, forKey: key) ?? "")
    }
}
