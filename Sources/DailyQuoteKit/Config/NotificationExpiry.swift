/// How long the notification stays up: the server's default, never, or a duration.
public enum NotificationExpiry: Sendable, Codable, Equatable {
    case serverDefault
    case never
    case after(ConfigDuration)

    /// Parses `default`, `never` or a duration such as `30s`.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "default": self = .serverDefault
        case "never": self = .never
        default:
            guard let duration = ConfigDuration(parsing: text), duration.seconds > 0 else { return nil }
            self = .after(duration)
        }
    }

    /// The `expire_timeout` of the Notify call in milliseconds: -1 default, 0 never.
    public var milliseconds: Int32 {
        switch self {
        case .serverDefault: -1
        case .never: 0
        case .after(let duration): Int32(clamping: duration.seconds * 1000)
        }
    }
}
