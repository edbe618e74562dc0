import CGio

/// Owns the introspection data of one D-Bus interface (unreferenced in deinit) and answers its
/// method calls with `handler`, once exported on a connection (``GioBus/export(_:at:)``).
///
/// Each call is answered with an empty reply after `handler` returns; the object must outlive
/// its exports.
final class GioExportedObject {
    private let node: UnsafeMutablePointer<GDBusNodeInfo>
    let interface: String
    /// Called with the method's name and its arguments, on the thread that runs the main context
    /// the object was exported from.
    let handler: (_ method: String, _ parameters: GioVariant) -> Void

    /// Parses `xml` (a `<node>` with the interface `interface`).
    init(xml: String, interface: String, handler: @escaping (String, GioVariant) -> Void) throws(GioError) {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else { throw GioBus.error(.export, call: "introspection data", error) }
        guard g_dbus_node_info_lookup_interface(node, interface) != nil else {
            g_dbus_node_info_unref(node)
            throw GioError(.export, call: "introspection data", reason: "no interface \(interface)")
        }
        self.node = node
        self.interface = interface
        self.handler = handler
    }

    deinit { g_dbus_node_info_unref(node) }

    /// Registers the interface at `path` on `connection` (GLib copies the table of callbacks).
    func register(on connection: OpaquePointer, at path: String) throws(GioError) -> UInt32 {
        let methodCall: GDBusInterfaceMethodCallFunc = { _, _, _, _, method, parameters, invocation, data in
            guard let data, let method, let parameters else { return }
            let object = Unmanaged<GioExportedObject>.fromOpaque(data).takeUnretainedValue()
            object.handler(String(cString: method), GioVariant(owned: g_variant_ref(parameters)))
            g_dbus_method_invocation_return_value(invocation, nil)
        }
        var error: UnsafeMutablePointer<GError>?
        let id = dq_register_object(
            connection, path, g_dbus_node_info_lookup_interface(node, interface), methodCall, Unmanaged.passUnretained(self).toOpaque(),
            &error)
        guard id != 0 else { throw GioBus.error(.export, call: "export \(interface) at \(path)", error) }
        return id
    }
}
