/// A notification as the Desktop Notifications spec describes it, ready to post.
package struct DesktopNotification: Sendable, Codable, Equatable {
    package var appName = "dailyquote"
    package var summary: String
    /// Plain text; the poster escapes it if the server renders markup.
    package var body: String
    package var icon: String
    package var urgency: NotificationUrgency
    package var expireMilliseconds: Int32
    /// The `desktop-entry` hint: the `.desktop` file's name without the extension (the
    /// application id, ``ApplicationID/dailyquote``).
    package var desktopEntry = ApplicationID.dailyquote.rawValue
    /// The `x-kde-appname` hint: dailyquote's KNotifications file (`dailyquote.notifyrc` in
    /// `knotifications6/` and `knotifications5/`), by which Plasma keeps the quote in its history
    /// and lists dailyquote in its notification settings (the desktop entry is `NoDisplay`).
    package static let notifyRcName = "dailyquote"
    /// The buttons to offer where the server shows actions and a holder answers them; nil for none.
    package var actions: [NotificationAction]?
    /// The quote shown, for the buttons (Copy and Save use it as written, not the body).
    package var quote: Quote?
    /// The language of the default title, the author line and the buttons; it travels with the
    /// notification to the holder that re-posts it.
    package var tr: Translator {
        get { translator ?? .english }
        set { translator = newValue }
    }
    /// ``tr`` as stored: optional, so that a hold request without it (from a binary before
    /// translations, during an upgrade) still decodes, as English.
    private var translator: Translator?
    /// Where the quote came from (`bundled`, or a source's name), for a favourite saved from it.
    package var source: String?

    package init(summary: String, body: String, icon: String, urgency: NotificationUrgency, expireMilliseconds: Int32) {
        self.summary = summary
        self.body = body
        self.icon = icon
        self.urgency = urgency
        self.expireMilliseconds = expireMilliseconds
    }

    /// The notification for `quote` under `config`, in `tr`'s language: the text, a newline,
    /// `— Author`; the configured title as written, else the default title translated.
    package init(quote: Quote, config: NotificationConfig, tr: Translator = .english) {
        self.init(
            // TRANSLATORS: the notification's title (its summary line), unless the config sets notification.title.
            summary: config.title ?? tr("Quote of the Day"), body: "", icon: config.icon, urgency: config.urgency,
            expireMilliseconds: config.expire.milliseconds)
        self.tr = tr
        self.actions = config.actions.isEmpty ? nil : config.actions
        show(quote)
    }

    /// Shows `quote`, which came from `source`, in this notification: its body is the text, a
    /// newline, `— Author`.
    package mutating func show(_ quote: Quote, source: String? = nil) {
        // TRANSLATORS: the line under the quote naming its author (%s); keep the dash or use your language's.
        body = quote.text + (quote.author.isEmpty ? "" : "\n" + tr("— %s", quote.author))
        self.quote = quote
        self.source = source
    }
}

extension DesktopNotification {
    /// The label of `action`'s button, in this notification's language.
    package func label(_ action: NotificationAction) -> String { action.label(tr) }
}
