import FoundationEssentials

/// Why a notification could not be posted.
///
/// Its kind is ``ErrorKind/unavailable``: the delivery stays due and is tried again.
package enum DeliveryError: Error, Equatable, Sendable, Codable, LocalizedError {
    /// No D-Bus session bus could be reached.
    case noSessionBus(detail: String)
    /// The bus has no owner of org.freedesktop.Notifications, and none could be activated.
    case noServer
    /// The server did not answer within the stage's deadline.
    case timedOut(seconds: Int64)
    /// Any other failure the library reported.
    case failed(String)

    package var errorDescription: String? {
        switch self {
        case .noSessionBus(let detail):
            "no D-Bus session bus (\(detail)); run inside a desktop session or set DBUS_SESSION_BUS_ADDRESS"
        case .noServer:
            "no notification server on the session bus (org.freedesktop.Notifications); "
                + "start one (dunst, mako, your desktop's) or check DBUS_SESSION_BUS_ADDRESS"
        case .timedOut(let seconds):
            "the notification server did not answer within \(seconds)s; it may be frozen (restart it)"
        case .failed(let message):
            "posting the notification failed: \(message)"
        }
    }
}

extension DeliveryError: UserFacingError {
    package var kind: ErrorKind { .unavailable }
}
