/// What a notification server says about itself.
package struct NotificationServerInfo: Sendable, Codable, Equatable {
    package var name: String
    package var vendor: String
    package var version: String
    package var specVersion: String
    package var capabilities: [String]

    package init(name: String, vendor: String, version: String, specVersion: String, capabilities: [String]) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
        self.capabilities = capabilities
    }

    /// Whether the server renders markup in the body, so text must be escaped.
    package var rendersBodyMarkup: Bool { capabilities.contains("body-markup") }

    /// `text` as this server's body: escaped where the server renders markup, so that it shows
    /// exactly as written.
    package func body(_ text: String) -> String {
        rendersBodyMarkup ? MarkupEscaper.escape(text) : text
    }

    /// Whether the server holds back the banner of a notification posted while another one is
    /// shown: the new quote is then shown again once the last one is closed.
    ///
    /// GNOME Shell's freedesktop daemon does (measured on 43); the other servers show the new
    /// popup at once.
    package var holdsBackBannerWhileAnotherShows: Bool { name == "gnome-shell" }

    /// Whether the server takes a popup away, saying nothing, when any of its buttons is pressed.
    ///
    /// Budgie 10.7 does: no `NotificationClosed`, and a replacement under the same id is never
    /// drawn (measured in docs/desktops.md). Another then posts a new popup, and after Copy or
    /// Save there is nothing left to hold.
    package var removesPopupOnPress: Bool { name.hasPrefix("Budgie Notification Server") }
}
