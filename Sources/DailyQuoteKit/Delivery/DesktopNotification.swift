/// A notification as the Desktop Notifications spec describes it, ready to post.
public struct DesktopNotification: Sendable, Codable, Equatable {
    public var appName = "dailyquote"
    public var summary: String
    /// Plain text; the poster escapes it if the server renders markup.
    public var body: String
    public var icon: String
    public var urgency: NotificationUrgency
    public var expireMilliseconds: Int32
    /// The `desktop-entry` hint: the `.desktop` file's name without the extension.
    public var desktopEntry = "dailyquote"
    /// The buttons to offer where the server shows actions and a holder answers them; nil for none.
    public var actions: [NotificationAction]?
    /// The quote shown, for the buttons (Copy and Save use it as written, not the body).
    public var quote: Quote?

    public init(summary: String, body: String, icon: String, urgency: NotificationUrgency, expireMilliseconds: Int32) {
        self.summary = summary
        self.body = body
        self.icon = icon
        self.urgency = urgency
        self.expireMilliseconds = expireMilliseconds
    }

    /// The notification for `quote` under `config`: the text, a newline, `— Author`.
    public init(quote: Quote, config: NotificationConfig) {
        let attribution = quote.author.isEmpty ? "" : "\n— \(quote.author)"
        self.init(
            summary: config.title, body: quote.text + attribution, icon: config.icon, urgency: config.urgency,
            expireMilliseconds: config.expire.milliseconds)
        self.actions = config.actions.isEmpty ? nil : config.actions
        self.quote = quote
    }
}
