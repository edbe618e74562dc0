/// A button on the notification (`notification.actions`), offered where the server advertises
/// the `actions` capability and a holder stays to answer it.
package enum NotificationAction: String, Sendable, Codable, Equatable, CaseIterable {
    /// Puts `“text” — author` on the clipboard.
    case copy
    /// Keeps the quote in `favorites.jsonl`.
    case save
    /// Replaces the notification in place with a different quote.
    case another

    /// The action's identifier on the bus: exactly the key's value.
    package var identifier: String { rawValue }

    /// The button's label.
    package var label: String {
        switch self {
        case .copy: "Copy"
        case .save: "Save"
        case .another: "Another quote"
        }
    }
}
