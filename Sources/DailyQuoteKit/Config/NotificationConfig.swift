/// The `[notification]` table: what the notification looks like and how long posting may take.
public struct NotificationConfig: Sendable, Equatable {
    /// The summary line.
    public var title = "Quote of the Day"
    /// An icon name from the icon theme, or a path.
    public var icon = "dailyquote"
    public var urgency = NotificationUrgency.normal
    public var expire = NotificationExpiry.serverDefault
    /// The delivery stage's deadline: lock, D-Bus calls and recording together.
    public var timeout = ConfigDuration.seconds(10)
    /// How long a holder keeps the notification while the server shows it: nil until the
    /// next delivery (the default), zero for no holder.
    public var hold: ConfigDuration?
    /// The buttons offered where the server shows actions; empty for none.
    public var actions: [NotificationAction] = [.copy, .save]

    public init() {}

    /// The allowed range of `timeout`.
    public static let timeoutRange = ConfigDuration.seconds(1)...ConfigDuration.seconds(60)
    /// The allowed range of `hold`: a week at most; it never lasts past the next delivery anyway.
    public static let holdRange = ConfigDuration.seconds(0)...ConfigDuration.hours(168)
}
