/// One config file's text, as one layer of the stack a configuration is read from: the
/// system-wide files under `$XDG_CONFIG_DIRS`, then the user's file on top.
public struct ConfigLayer: Sendable, Equatable {
    /// Whose file it is.
    public enum Kind: String, Sendable, Codable, Equatable {
        case system, user
    }

    public var kind: Kind
    public var path: String
    public var text: String

    public init(kind: Kind, path: String, text: String) {
        self.kind = kind
        self.path = path
        self.text = text
    }
}
