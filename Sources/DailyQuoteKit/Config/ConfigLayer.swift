/// One config file's text, as one layer of the stack a configuration is read from: the
/// system-wide files under `$XDG_CONFIG_DIRS`, then the user's file on top.
package struct ConfigLayer: Sendable, Equatable {
    /// Whose file it is.
    package enum Kind: String, Sendable, Codable, Equatable {
        case system, user
    }

    package var kind: Kind
    package var path: String
    package var text: String

}
