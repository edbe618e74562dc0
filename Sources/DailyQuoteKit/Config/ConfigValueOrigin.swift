/// Where one effective config value came from: a system file, the user's file, or the
/// built-in default.
package struct ConfigValueOrigin: Sendable, Codable, Hashable {
    /// `system`, `user` or `default`.
    package var from: String
    /// The file that set the value; nil for a built-in default.
    package var file: String?

    package init(from: String, file: String?) {
        self.from = from
        self.file = file
    }

    /// The built-in default.
    package static let builtIn = ConfigValueOrigin(from: "default", file: nil)

    /// `user file /home/a/.config/dailyquote/config.toml`, `built-in default`.
    package var text: String {
        guard let file else { return "built-in default" }
        return "\(from) file \(file)"
    }
}
