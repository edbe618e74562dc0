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

    /// The button's label in the person's language.
    package func label(_ tr: Translator) -> String {
        switch self {
        // TRANSLATORS: a button on the notification that puts the quote on the clipboard; GNOME's own word for Copy.
        case .copy: tr("Copy")
        // TRANSLATORS: a button on the notification that keeps the quote in the favourites; GNOME's own word for Save.
        case .save: tr("Save")
        // TRANSLATORS: a button on the notification that replaces the quote with a different one.
        case .another: tr("Another quote")
        }
    }
}
