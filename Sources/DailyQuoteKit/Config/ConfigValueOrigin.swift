/// Where one effective config value came from: a system file, the user's file, or the
/// built-in default.
public struct ConfigValueOrigin: Sendable, Codable, Hashable {
    /// `system`, `user` or `default`.
    public var from: String
    /// The file that set the value; nil for a built-in default.
    public var file: String?

    public init(from: String, file: String?) {
        self.from = from
        self.file = file
    }

    /// The built-in default.
    public static let builtIn = ConfigValueOrigin(from: "default", file: nil)

    /// `user file /home/a/.config/dailyquote/config.toml`, `built-in default`.
    public var text: String {
        guard let file else { return "built-in default" }
        return "\(from) file \(file)"
    }
}
