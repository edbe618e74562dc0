import DailyQuoteResources

/// The commented default config file that `dailyquote config init` writes.
public enum ConfigTemplate {
    /// The file's text, embedded in the binary from `Resources/config.example.toml`.
    public static var text: String { BundledResource.exampleConfig }
}
