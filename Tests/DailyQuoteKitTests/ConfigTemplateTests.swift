import DailyQuoteKit
import Testing

@Suite("ConfigTemplate")
struct ConfigTemplateTests {
    @Test("The commented default file parses to exactly the built-in defaults")
    func templateIsDefaults() throws {
        let config = try ConfigParser(zones: Zones.database).parse(ConfigTemplate.text, file: "template")
        #expect(config == .defaults)
        #expect(ConfigTemplate.text.contains("[delivery]"))
    }
}
