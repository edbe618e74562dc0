import CGio

/// Owns one GDBus connection to the system or the session bus (unreferenced in deinit) and
/// turns GLib's errors into ``PresenceError``s.
final class GioBus {
    private let connection: OpaquePointer
    /// `system` or `session`, for messages.
    let name: String

    /// Connects to the bus (GIO's shared connection; `DBUS_SYSTEM_BUS_ADDRESS` and
    /// `DBUS_SESSION_BUS_ADDRESS` are honoured).
    init(system: Bool) throws(PresenceError) {
        name = system ? "system" : "session"
        var error: UnsafeMutablePointer<GError>?
        guard let connection = dq_bus_get_sync(system ? 1 : 0, &error) else {
            throw PresenceError(.bus, call: "the \(name) bus", reason: Self.take(error))
        }
        self.connection = connection
        // A shared connection ends the process when the bus goes away; a lost bus only means
        // its signals count as "present".
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
    /// `parameters` is a floating `GVariant`, which the call consumes.
    func call(
        _ service: String, _ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
        timeoutMilliseconds: Int32 = GioBus.callTimeoutMilliseconds
    ) throws(PresenceError) -> GioVariant {
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, service, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds,
                nil, &error)
        else { throw PresenceError(.call, call: method, reason: Self.take(error)) }
        return GioVariant(owned: reply)
    }

    /// Reads a boolean property through org.freedesktop.DBus.Properties.Get.
    func boolProperty(_ service: String, _ path: String, _ interface: String, _ property: String) throws(PresenceError) -> Bool {
        let reply = try call(service, path, "org.freedesktop.DBus.Properties", "Get", dq_variant_two_strings(interface, property))
        guard let value = reply.child(0)?.unboxed?.bool else {
            throw PresenceError(.call, call: "Get \(property)", reason: "the reply is \(reply.typeString), not a boolean")
        }
        return value
    }

    /// Calls a method that answers with one boolean (`GetActive`).
    func boolCall(_ service: String, _ path: String, _ interface: String, _ method: String) throws(PresenceError) -> Bool {
        let reply = try call(service, path, interface, method, nil)
        guard let value = reply.child(0)?.bool else {
            throw PresenceError(.call, call: method, reason: "the reply is \(reply.typeString), not a boolean")
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

    /// GLib's message, and frees the error.
    static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return dq_error_message(error).map { String(cString: $0) } ?? "unknown error"
    }
}

/// Set by a D-Bus signal callback on the watch's thread, read by the watch's loop.
final class SignalFlag {
    var raised = false
}
