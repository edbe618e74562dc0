import DailyQuoteResources

/// The commented default config file that `dailyquote config init` writes.
package enum ConfigTemplate {
    /// The file's text, embedded in the binary from `Resources/config.example.toml`.
    package static var text: String { BundledResource.exampleConfig }
}
