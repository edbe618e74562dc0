import CLibnotify
import FoundationEssentials

/// Turns libnotify's and GIO's failures into ``DeliveryError``s with a fix in the message.
enum LibnotifyError {
    /// The error for a GError from a Notify call.
    static func classify(_ error: GError) -> DeliveryError {
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        let domain = String(cString: g_quark_to_string(error.domain))
        if message.contains("ServiceUnknown") || message.contains("org.freedesktop.Notifications") {
            return .noServer
        }
        if domain == "g-io-error-quark", error.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) {
            return .timedOut(seconds: 25)
        }
        if message.contains("autolaunch") || message.contains("Could not connect") || message.contains("session bus") {
            return .noSessionBus(detail: message)
        }
        return .failed(message)
    }

    /// Why `notify_get_server_info` failed: no bus to talk to, or nobody serving on it.
    static func diagnoseMissingServer() -> DeliveryError {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = dq_session_bus_get_sync(&error) else {
            defer { if error != nil { g_error_free(error) } }
            let detail = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "cannot connect"
            return .noSessionBus(detail: detail)
        }
        g_object_unref(UnsafeMutableRawPointer(bus))
        return .noServer
    }
}
