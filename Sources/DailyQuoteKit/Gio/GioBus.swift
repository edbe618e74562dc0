import CGio

/// Owns one GDBus connection to the system or the session bus (unreferenced in deinit) and
/// turns GLib's errors into ``GioError``s.
///
/// A `GDBusConnection` may be used from any thread (GIO's documentation): one made on a
/// thread that connects ahead is posted on by another.
final class GioBus: Sendable {
    // Unchecked (a C pointer is not Sendable): GDBusConnection locks its own state, and the
    // pointer itself never changes.
    nonisolated(unsafe) private let connection: OpaquePointer
    /// `system` or `session`, for messages.
    let name: String

    /// Connects to the bus (GIO's shared connection; `DBUS_SYSTEM_BUS_ADDRESS` and
    /// `DBUS_SESSION_BUS_ADDRESS` are honoured).
    init(system: Bool) throws(GioError) {
        name = system ? "system" : "session"
        var error: UnsafeMutablePointer<GError>?
        guard let connection = dq_bus_get_sync(system ? 1 : 0, &error) else {
            throw Self.error(.bus, call: "the \(name) bus", error)
        }
        self.connection = connection
        // A shared connection ends the process when the bus goes away; a lost bus only means
        // its signals count as "present".
        g_dbus_connection_set_exit_on_close(connection, 0)
    }

    /// Opens a private connection to the peer at `address` (a `unix:path=…` D-Bus address), which
    /// is no message bus: calls on it name no service.
    init(address: String, name: String) throws(GioError) {
        self.name = name
        var error: UnsafeMutablePointer<GError>?
        guard let connection = dq_connection_for_address_sync(address, &error) else {
            throw Self.error(.bus, call: name, error)
        }
        self.connection = connection
        g_dbus_connection_set_exit_on_close(connection, 0)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

    /// How long a presence call may take.
    ///
    /// A live service answers in a millisecond; a frozen
    /// notification server must not eat `notification.timeout` before the post (an unanswered
    /// read counts as "present").
    static let callTimeoutMilliseconds: Int32 = 300

    /// Calls `method` and returns its reply, without starting a service that is not running.
    ///
    /// `parameters` is a floating `GVariant`, which the call consumes. `service` is nil on a
    /// peer-to-peer connection (``init(address:name:)``).
    func call(
        _ service: String?, _ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
        timeoutMilliseconds: Int32 = GioBus.callTimeoutMilliseconds
    ) throws(GioError) -> GioVariant {
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, service, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds,
                nil, &error)
        else { throw Self.error(.call, call: method, error) }
        return GioVariant(owned: reply)
    }

    /// One call of ``callBatch(_:timeoutMilliseconds:)``.
    struct Call {
        var service: String?
        var path: String
        var interface: String
        var method: String
        var parameters: DBusValue?
    }

    /// Makes `calls` (at most 8), all sent before any answer is read, so that they take one
    /// round trip, and returns each one's reply or error, in order.
    func callBatch(_ calls: [Call], timeoutMilliseconds: Int32) -> [Result<GioVariant, GioError>] {
        let calls = Array(calls.prefix(8))
        let strings = calls.map { [$0.service.map { strdup($0) } ?? nil, strdup($0.path), strdup($0.interface), strdup($0.method)] }
        defer { for call in strings { for pointer in call { free(pointer) } } }
        var parameters = calls.map { $0.parameters?.floatingVariant() }
        var replies = [OpaquePointer?](repeating: nil, count: calls.count)
        var errors = [UnsafeMutablePointer<GError>?](repeating: nil, count: calls.count)
        let column = { (index: Int) in strings.map { UnsafePointer($0[index]) } }
        var services = column(0)
        var paths = column(1)
        var interfaces = column(2)
        var methods = column(3)
        dq_call_batch_sync(
            connection, guint(calls.count), &services, &paths, &interfaces, &methods, &parameters, timeoutMilliseconds, &replies,
            &errors)
        return calls.indices.map { index in
            if let reply = replies[index] {
                if let error = errors[index] { g_error_free(error) }
                return .success(GioVariant(owned: reply))
            }
            return .failure(Self.error(.call, call: calls[index].method, errors[index]))
        }
    }

    /// Reads a boolean property through org.freedesktop.DBus.Properties.Get.
    func boolProperty(_ service: String, _ path: String, _ interface: String, _ property: String) throws(GioError) -> Bool {
        let reply = try call(service, path, "org.freedesktop.DBus.Properties", "Get", dq_variant_two_strings(interface, property))
        guard let value = reply.child(0)?.unboxed?.bool else {
            throw GioError(.call, call: "Get \(property)", reason: "the reply is \(reply.typeString), not a boolean")
        }
        return value
    }

    /// Calls a method that answers with one boolean (`GetActive`).
    func boolCall(_ service: String, _ path: String, _ interface: String, _ method: String) throws(GioError) -> Bool {
        let reply = try call(service, path, interface, method, nil)
        guard let value = reply.child(0)?.bool else {
            throw GioError(.call, call: method, reason: "the reply is \(reply.typeString), not a boolean")
        }
        return value
    }

    /// Raises `flag` whenever `sender` emits `interface.member` on `path`.
    ///
    /// The signal is dispatched to the thread-default main context of the caller, which must
    /// be the watch's own; the flag stays alive until the subscription is removed.
    func subscribe(sender: String, path: String, interface: String, member: String, flag: SignalFlag) -> UInt32 {
        let data = Unmanaged.passRetained(flag).toOpaque()
        return g_dbus_connection_signal_subscribe(
            connection, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, _, data in
                guard let data else { return }
                Unmanaged<SignalFlag>.fromOpaque(data).takeUnretainedValue().raised = true
            }, data,
            { data in
                guard let data else { return }
                Unmanaged<SignalFlag>.fromOpaque(data).release()
            })
    }

    /// Removes a subscription made with ``subscribe(sender:path:interface:member:flag:)``.
    func unsubscribe(_ id: UInt32) {
        g_dbus_connection_signal_unsubscribe(connection, id)
    }

    /// Owns `name` on this bus (RequestName, without queueing): true if this connection is now its
    /// primary owner, false if another connection owns it.
    func requestName(_ name: String) throws(GioError) -> Bool {
        let reply = try call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
            DBusValue.tuple([.string(name), .uint32(4)]).floatingVariant())  // DBUS_NAME_FLAG_DO_NOT_QUEUE
        // 1: the primary owner now; 4: the owner already.
        return reply.child(0)?.uint32.map { $0 == 1 || $0 == 4 } ?? false
    }

    /// Exports `object`'s one interface at `path` on this connection.
    ///
    /// Its methods are answered on the thread-default main context of the caller. Returns the
    /// registration, for ``unexport(_:)``.
    func export(_ object: GioExportedObject, at path: String) throws(GioError) -> UInt32 {
        try object.register(on: connection, at: path)
    }

    /// Removes an export made with ``export(_:at:)``.
    func unexport(_ id: UInt32) {
        g_dbus_connection_unregister_object(connection, id)
    }

    /// Waits until every message queued on this connection is sent.
    func flush() {
        g_dbus_connection_flush_sync(connection, nil, nil)
    }

    /// A ``GioError`` from GLib's `error` (freed here): its message, without the D-Bus error name
    /// GDBus puts in front, and that name apart.
    static func error(_ kind: GioError.Kind, call: String, _ error: UnsafeMutablePointer<GError>?) -> GioError {
        guard let error else { return GioError(kind, call: call, reason: "unknown error") }
        defer { g_error_free(error) }
        var remoteName: String?
        if let remote = g_dbus_error_get_remote_error(error) {
            remoteName = String(cString: remote)
            g_free(remote)
            _ = g_dbus_error_strip_remote_error(error)
        }
        let reason = dq_error_message(error).map { String(cString: $0) } ?? "unknown error"
        return GioError(kind, call: call, reason: reason, remoteName: remoteName)
    }
}

/// Set by a D-Bus signal callback on the watch's thread, read by the watch's loop.
final class SignalFlag {
    var raised = false
}
