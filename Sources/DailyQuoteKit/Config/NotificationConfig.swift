/// The `[notification]` table: what the notification looks like and how long posting may take.
package struct NotificationConfig: Sendable, Equatable {
    /// The summary line as configured, used as written; nil for the default, "Quote of the
    /// Day" in the person's language.
    package var title: String?
    /// The longest title accepted: a title is one line, and a longer one crowds the quote out
    /// of the popup (dunst shows the summary first and cuts the rest).
    package static let titleLimit = 100
    /// An icon name from the icon theme, or a path.
    package var icon = ApplicationID.dailyquote.rawValue
    package var urgency = NotificationUrgency.normal
    package var expire = NotificationExpiry.serverDefault
    /// The delivery stage's deadline: lock, D-Bus calls and recording together.
    package var timeout = ConfigDuration.seconds(10)
    /// How long a holder keeps the notification while the server shows it: nil until the
    /// next delivery (the default), zero for no holder.
    package var hold: ConfigDuration?
    /// The buttons offered where the server shows actions; empty for none.
    package var actions: [NotificationAction] = [.copy, .save]

    package init() {}

    /// The allowed range of `timeout`.
    package static let timeoutRange = ConfigDuration.seconds(1)...ConfigDuration.seconds(60)
    /// The allowed range of `hold`: a week at most; it never lasts past the next delivery anyway.
    package static let holdRange = ConfigDuration.seconds(0)...ConfigDuration.hours(168)
}
