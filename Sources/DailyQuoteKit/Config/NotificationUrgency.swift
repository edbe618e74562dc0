/// How urgent the notification is, as the Desktop Notifications spec defines it.
///
/// GNOME shows no banner for `low`: the notification goes straight to the message tray.
package enum NotificationUrgency: String, Sendable, Codable, Equatable, CaseIterable {
    case low, normal, critical

    /// The spec's byte value (0, 1, 2).
    package var level: UInt8 {
        switch self {
        case .low: 0
        case .normal: 1
        case .critical: 2
        }
    }
}
