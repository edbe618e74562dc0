/// How long the notification stays up: the server's default, never, or a duration.
package enum NotificationExpiry: Sendable, Codable, Equatable {
    case serverDefault
    case never
    case after(ConfigDuration)

    /// Parses `default`, `never` or a duration such as `30s`.
    ///
    /// `"0"` means `never`, as an expire timeout of 0 does in the notification protocol.
    package init?(parsing text: String) {
        switch text.lowercased() {
        case "default": self = .serverDefault
        case "never": self = .never
        default:
            guard let duration = ConfigDuration(parsing: text) else { return nil }
            self = duration.seconds == 0 ? .never : .after(duration)
        }
    }

    /// The `expire_timeout` of the Notify call in milliseconds: -1 default, 0 never.
    package var milliseconds: Int32 {
        switch self {
        case .serverDefault: -1
        case .never: 0
        case .after(let duration): Int32(clamping: duration.seconds * 1000)
        }
    }
}
