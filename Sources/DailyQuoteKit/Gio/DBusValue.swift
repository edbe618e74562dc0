/// A D-Bus value as plain Swift data: what a method call sends, built and compared without GLib
/// (``GioVariant`` turns it into a `GVariant` at the call).
package indirect enum DBusValue: Sendable, Equatable {
    case string(String)
    case byte(UInt8)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case bool(Bool)
    /// `v`: a value in a variant box.
    case variant(DBusValue)
    /// `(...)`: a method's arguments.
    case tuple([DBusValue])
    /// `a{sv}`: a vardict, its keys in order.
    case vardict([Entry])
    /// `aX`: an array whose elements all have the type `elementType` (needed when it is empty).
    case array(elementType: String, [DBusValue])

    /// One key of a vardict.
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: DBusValue

        package init(_ key: String, _ value: DBusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The D-Bus type signature (`s`, `a{sv}`, `(sa{sv})`).
    package var signature: String {
        switch self {
        case .string: "s"
        case .byte: "y"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .bool: "b"
        case .variant: "v"
        case .tuple(let items): "(" + items.map(\.signature).joined() + ")"
        case .vardict: "a{sv}"
        case .array(let elementType, _): "a" + elementType
        }
    }

    /// The value of `key`, for a vardict.
    package subscript(key: String) -> DBusValue? {
        guard case .vardict(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The string inside, looking through variant boxes.
    package var stringValue: String? {
        switch self {
        case .string(let value): value
        case .variant(let inner): inner.stringValue
        default: nil
        }
    }
}
