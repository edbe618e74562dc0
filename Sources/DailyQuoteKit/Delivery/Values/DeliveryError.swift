import DailyQuoteSystem
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

    package var errorDescription: String? { message(.english) }
}

extension DeliveryError: TranslatedError {
    /// The line in `tr`'s language: `status` and `doctor` show it inside their own lines.
    package func message(_ tr: Translator) -> String {
        switch self {
        case .noSessionBus(let detail):
            // TRANSLATORS: why no notification can be posted; the parentheses hold GLib's reason.
            tr("no D-Bus session bus (%s); run inside a desktop session or set DBUS_SESSION_BUS_ADDRESS", detail)
        case .noServer:
            tr(
                "no notification server on the session bus (org.freedesktop.Notifications); start one (dunst, mako, your desktop's) or check DBUS_SESSION_BUS_ADDRESS"
            )
        case .timedOut(let seconds):
            // TRANSLATORS: %s is a number of seconds.
            tr("the notification server did not answer within %ss; it may be frozen (restart it)", String(seconds))
        case .failed(let message):
            tr("posting the notification failed: %s", message)
        }
    }
}

extension DeliveryError: UserFacingError {
    package var kind: ErrorKind { .unavailable }
}

extension BlockingDeadline {
    /// The result of `work`, a delivery's D-Bus calls on one thread, or ``DeliveryError/timedOut(seconds:)``
    /// once `deadline` has passed.
    package static func run<T: Sendable>(
        before deadline: Deadline, _ work: @escaping @Sendable () throws(DeliveryError) -> T
    ) throws(DeliveryError) -> T {
        let seconds = deadline.secondsLeft
        guard let result = run(seconds: seconds, work) else { throw .timedOut(seconds: Int64(seconds.rounded(.up))) }
        return try result.get()
    }
}
