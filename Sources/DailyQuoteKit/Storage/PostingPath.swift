/// The ways a quote reaches the desktop.
///
/// ``PostingPlan`` is the one place that picks one.
package enum PostingPath: String, Sendable, Codable, Equatable, CaseIterable {
    /// GNOME Shell's own interface (`org.gtk.Notifications`): the notification stays until it is
    /// dismissed and survives a shell restart; a button press starts dailyquote's action service;
    /// nothing of dailyquote keeps running.
    case gnome
    /// The freedesktop interface, with a holder process that keeps the notification and answers
    /// its buttons while the server shows it.
    case holder
    /// The freedesktop interface from the posting process alone: a banner, no buttons answered.
    case freedesktop

    /// What a notification on this path means for the person, for `status` and `doctor`, in English.
    package var meaning: String { meaning(.english) }

    /// What a notification on this path means for the person, in `tr`'s language.
    package func meaning(_ tr: Translator) -> String {
        switch self {
        case .gnome: tr("GNOME notifications: stays until dismissed, back after a shell restart; buttons start dailyquote")
        case .holder: tr("freedesktop with a holder: a dailyquote process keeps the notification and answers its buttons")
        case .freedesktop: tr("freedesktop, no holder: the server shows it as long as it likes; no buttons")
        }
    }
}
