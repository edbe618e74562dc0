import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("ConfigTemplate")
struct ConfigTemplateTests {
    @Test("The commented default file parses to exactly the built-in defaults")
    func templateIsDefaults() throws {
        let config = try ConfigParser(zones: Zones.database).parse(ConfigTemplate.text, file: "template")
        #expect(config == .defaults)
        #expect(ConfigTemplate.text.contains("[delivery]"))
    }

    /// The template with every commented `[[source]]` example turned on.
    static var sourcesUncommented: String {
        var inSources = false
        return ConfigTemplate.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line == "# [[source]]" { inSources = true }
            return inSources && line.hasPrefix("# ") ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
    }

    @Test("It has a commented [[source]] example for every source type, and each parses when uncommented")
    func sourceExamples() throws {
        let parser = ConfigParser(
            zones: Zones.database, environment: ["API_NINJAS_KEY": "k", "QUOTES_TOKEN": "t", "HOME": "/home/ada"])
        let config = try parser.parse(Self.sourcesUncommented, file: "template")
        #expect(Set(config.sources.map(\.kind)) == Set(SourceConfig.Kind.allCases))
        #expect(config.sources.count == SourceConfig.Kind.allCases.count)
    }

    @Test("It mentions every key the parser knows")
    func everyKey() {
        for (table, keys) in ConfigParser.knownKeys where !table.isEmpty {
            for key in keys {
                #expect(
                    ConfigTemplate.text.contains("\n\(key) =") || ConfigTemplate.text.contains("\n# \(key) ="),
                    "\(table).\(key) is not in the template")
            }
        }
    }

    @Test("config init's file names the person's default sources after the rule, and parses as the template does")
    func forLanguage() throws {
        let german = DefaultSources(languages: ["de_DE"]) { $0 == "/usr/share/games/fortunes/de/zitate" }
        let text = ConfigTemplate.text(for: german)
        #expect(
            text.contains(
                "else ZenQuotes' quote of the day is fetched.\n# For you now: /usr/share/games/fortunes/de/zitate from fortunes-de, then the bundled collection (the messages language is de_DE).\n"
            ))
        #expect(text.components(separatedBy: "# For you now:").count == 2)
        #expect(try ConfigParser(zones: Zones.database).parse(text, file: "template") == .defaults)
        #expect(ConfigTemplate.text(for: DefaultSources(languages: [])).contains("# For you now: ZenQuotes, then the bundled collection"))
    }
}
