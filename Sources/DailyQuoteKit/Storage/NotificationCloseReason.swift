/// Why a notification went away, as the history records it.
package enum NotificationCloseReason: String, Sendable, Codable, Equatable {
    /// The server let it expire (`NotificationClosed` reason 1).
    case expired
    /// The person dismissed it (reason 2). GNOME also says 2 when it removes a notification
    /// because its sender left the bus, which a holder prevents.
    case dismissed
    /// Closed by a `CloseNotification` call (reason 3).
    case closed
    /// The next delivery replaced it in place.
    case replaced

    /// The reason for a `NotificationClosed` code; nil for 4 ("undefined") and unknown codes.
    package init?(code: Int32) {
        switch code {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closed
        default: return nil
        }
    }
}
