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
