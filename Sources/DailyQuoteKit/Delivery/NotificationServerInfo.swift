/// What a notification server says about itself.
public struct NotificationServerInfo: Sendable, Codable, Equatable {
    public var name: String
    public var vendor: String
    public var version: String
    public var specVersion: String
    public var capabilities: [String]

    public init(name: String, vendor: String, version: String, specVersion: String, capabilities: [String]) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specVersion = specVersion
        self.capabilities = capabilities
    }

    /// Whether the server renders markup in the body, so text must be escaped.
    public var rendersBodyMarkup: Bool { capabilities.contains("body-markup") }
}
