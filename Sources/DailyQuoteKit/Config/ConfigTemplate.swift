import DailyQuoteResources

/// The commented default config file that `dailyquote config init` writes.
package enum ConfigTemplate {
    /// The file's text, embedded in the binary from `Resources/config.example.toml`.
    package static var text: String { BundledResource.exampleConfig }

    /// The file for a person whose default sources are `defaults`: the text with, after the
    /// sentence on the sources without `[[source]]`, a line naming theirs now (in English, as the
    /// rest of the file).
    package static func text(for defaults: DefaultSources) -> String {
        let rule = "else ZenQuotes' quote of the day is fetched.\n"
        return text.replacing(rule, with: rule + "# For you now: \(defaults.text(.english)).\n", maxReplacements: 1)
    }
}
