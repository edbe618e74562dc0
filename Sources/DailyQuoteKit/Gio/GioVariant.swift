import CGio

/// Owns one `GVariant` reference (unreferenced in deinit): a D-Bus reply or a part of one.
final class GioVariant {
    let pointer: OpaquePointer

    /// Takes over a full (not floating) reference the caller owns, such as a method reply.
    init(owned pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { g_variant_unref(pointer) }

    /// The type string (`b`, `(v)`, `a{sv}`).
    var typeString: String { String(cString: g_variant_get_type_string(pointer)) }

    /// Child `index` of a tuple or an array.
    func child(_ index: Int) -> GioVariant? {
        guard g_variant_is_container(pointer) != 0, index < g_variant_n_children(pointer) else { return nil }
        return GioVariant(owned: g_variant_get_child_value(pointer, gsize(index)))
    }

    /// The value inside a variant (`v`).
    var unboxed: GioVariant? {
        guard typeString == "v" else { return nil }
        return GioVariant(owned: g_variant_get_variant(pointer))
    }

    /// The boolean, for a `b`.
    var bool: Bool? { typeString == "b" ? g_variant_get_boolean(pointer) != 0 : nil }

    /// The string, for an `s` or an `o`.
    var string: String? {
        guard typeString == "s" || typeString == "o" else { return nil }
        return String(cString: g_variant_get_string(pointer, nil))
    }
}

extension GioVariant {
    /// A full reference to `value` as a `GVariant`.
    convenience init(_ value: DBusValue) {
        self.init(owned: g_variant_ref_sink(value.floatingVariant()))
    }

    /// GLib's text form of the value (`{'title': <'Quote'>}`), for tests and logs.
    var text: String {
        guard let printed = g_variant_print(pointer, 0) else { return "" }
        defer { g_free(printed) }
        return String(cString: printed)
    }

    /// The unsigned integer, for a `u`.
    var uint32: UInt32? { typeString == "u" ? g_variant_get_uint32(pointer) : nil }

    /// The value as plain Swift data, for the types ``DBusValue`` has; nil for any other.
    var value: DBusValue? {
        switch typeString {
        case "s", "o": return string.map(DBusValue.string)
        case "u": return uint32.map(DBusValue.uint32)
        case "y": return .byte(g_variant_get_byte(pointer))
        case "i": return .int32(g_variant_get_int32(pointer))
        case "x": return .int64(Int64(g_variant_get_int64(pointer)))
        case "b": return bool.map(DBusValue.bool)
        case "v": return unboxed?.value.map(DBusValue.variant)
        case "a{sv}":
            var entries: [DBusValue.Entry] = []
            for index in 0..<Int(g_variant_n_children(pointer)) {
                guard let entry = child(index), let key = entry.child(0)?.string, let value = entry.child(1)?.value else { return nil }
                entries.append(.init(key, value))
            }
            return .vardict(entries)
        default:
            let type = typeString
            if type.hasPrefix("(") {
                var items: [DBusValue] = []
                for index in 0..<Int(g_variant_n_children(pointer)) {
                    guard let item = child(index)?.value else { return nil }
                    items.append(item)
                }
                return .tuple(items)
            }
            if type.hasPrefix("a") {
                var items: [DBusValue] = []
                for index in 0..<Int(g_variant_n_children(pointer)) {
                    guard let item = child(index)?.value else { return nil }
                    items.append(item)
                }
                return .array(elementType: String(type.dropFirst()), items)
            }
            return nil
        }
    }
}

extension DBusValue {
    /// A new floating `GVariant` for this value: a method call's parameters consume it.
    func floatingVariant() -> OpaquePointer {
        switch self {
        case .string(let value): return g_variant_new_string(value)
        case .byte(let value): return g_variant_new_byte(value)
        case .int32(let value): return g_variant_new_int32(value)
        case .uint32(let value): return g_variant_new_uint32(value)
        case .int64(let value): return g_variant_new_int64(gint64(value))
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .variant(let inner): return g_variant_new_variant(inner.floatingVariant())
        case .tuple(let items):
            var children: [OpaquePointer?] = items.map { $0.floatingVariant() }
            return g_variant_new_tuple(&children, gsize(children.count))
        case .vardict(let entries):
            var children: [OpaquePointer?] = entries.map {
                g_variant_new_dict_entry(g_variant_new_string($0.key), g_variant_new_variant($0.value.floatingVariant()))
            }
            return Self.array(of: "{sv}", &children)
        case .array(let elementType, let items):
            var children: [OpaquePointer?] = items.map { $0.floatingVariant() }
            return Self.array(of: elementType, &children)
        }
    }

    /// A floating array of `children`, each of `elementType`.
    ///
    /// The type string must outlive the call: a String passed straight to
    /// `g_variant_type_checked_` is a temporary, freed before `g_variant_new_array` reads it.
    private static func array(of elementType: String, _ children: inout [OpaquePointer?]) -> OpaquePointer {
        let count = gsize(children.count)
        return elementType.withCString { type in
            g_variant_new_array(g_variant_type_checked_(type), &children, count)
        }
    }
}
