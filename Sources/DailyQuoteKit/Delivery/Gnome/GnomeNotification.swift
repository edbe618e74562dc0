/// A notification for GNOME Shell's own interface, `org.gtk.Notifications`: what
/// `AddNotification(app_id, id, a{sv})` sends for one quote.
///
/// The body is plain text there (GNOME never parses it as markup): it is sent exactly as written.
package struct GnomeNotification: Sendable, Equatable {
    /// The notification's id within the application: one per user, so the next quote replaces
    /// the last (and an Another quote replaces it in place).
    package static let id = "quote"
    /// The numeric id its events (`actions.jsonl`) are recorded under: GNOME's ids are strings,
    /// and there is only one.
    package static let eventId: UInt32 = HistoryEntry.gnomeEventId

    package var title: String
    package var body: String
    package var icon: String
    /// `low`, `normal` or `urgent`.
    package var priority: String
    package var buttons: [NotificationAction]
    /// The language of the buttons' labels (the notification's).
    package var tr: Translator
    /// The delivery the buttons act on.
    package var target: GnomeButtonTarget

    /// The GNOME notification for `notification`, whose buttons name the delivery posted at `postedAt`.
    package init(_ notification: DesktopNotification, postedAt: Int64) {
        title = notification.summary
        body = notification.body
        icon = notification.icon
        priority = Self.priority(notification.urgency)
        buttons = notification.actions ?? []
        tr = notification.tr
        target = GnomeButtonTarget(postedAt: postedAt)
    }

    /// GNotification's priority for an urgency: critical is `urgent` (shown over fullscreen
    /// windows, never expiring), as GLib's portal and GNOME map the freedesktop levels.
    static func priority(_ urgency: NotificationUrgency) -> String {
        switch urgency {
        case .low: "low"
        case .normal: "normal"
        case .critical: "urgent"
        }
    }

    /// The action a button names: `app.copy`, `app.save`, `app.another`.
    package static func actionName(_ action: NotificationAction) -> String { "app." + action.identifier }

    /// The `a{sv}` of `AddNotification`: `title` (which GNOME requires), `body`, `icon`,
    /// `priority` and, when there are buttons, `buttons` (`aa{sv}` of `label`, `action`, `target`).
    package var parameters: DBusValue {
        var entries: [DBusValue.Entry] = [
            .init("title", .string(title)), .init("body", .string(body)), .init("priority", .string(priority)),
        ]
        if !icon.isEmpty { entries.append(.init("icon", .string(icon))) }
        if !buttons.isEmpty {
            let list = buttons.map { action in
                DBusValue.vardict([
                    .init("label", .string(action.label(tr))), .init("action", .string(Self.actionName(action))),
                    .init("target", .string(target.text)),
                ])
            }
            entries.append(.init("buttons", .array(elementType: "a{sv}", list)))
        }
        return .vardict(entries)
    }

    /// The arguments of `AddNotification` for `app`.
    package func addNotificationArguments(app: ApplicationID) -> DBusValue {
        .tuple([.string(app.rawValue), .string(Self.id), parameters])
    }
}
