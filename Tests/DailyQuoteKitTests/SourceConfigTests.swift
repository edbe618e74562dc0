import TestSupport
import Testing

@testable import DailyQuoteKit

/// A source kind's properties, which the config parser and the fetch stage ask instead of
/// comparing kinds: each says what the parser accepts for that kind.
@Suite("SourceConfig")
struct SourceConfigTests {
    let parser = ConfigParser(zones: Zones.database, environment: ["KEY": "k"])

    /// A `[[source]]` of `kind` with what it requires, and `extra`.
    func parse(_ kind: SourceConfig.Kind, _ extra: String) -> Result<Config, ConfigError> {
        var table = "[[source]]\ntype = \"\(kind.rawValue)\"\n"
        if kind == .json { table += "url = \"https://example.org/q\"\ntext = \"/q\"\n" }
        if kind.readsFile { table += "path = \"/tmp/quotes\"\n" }
        if kind == .apiNinjas { table += "headers = { \"X-Api-Key\" = \"${KEY}\" }\n" }
        return Result { () throws(ConfigError) -> Config in try parser.parse(table + extra, file: "/c/config.toml") }
    }

    func accepts(_ kind: SourceConfig.Kind, _ extra: String) -> Bool { (try? parse(kind, extra).get()) != nil }

    @Test("Every kind: encoding, endpoint and format are accepted exactly where the kind says; a path is required where it reads a file")
    func propertiesMatchTheParser() throws {
        for kind in SourceConfig.Kind.allCases {
            #expect((try? parse(kind, "").get()) != nil, "\(kind) with its required keys")
            #expect(accepts(kind, "encoding = \"UTF-8\"\n") == kind.takesEncoding, "\(kind) encoding")
            #expect(accepts(kind, "endpoint = \"random\"\n") == kind.takesEndpoint, "\(kind) endpoint")
            #expect(accepts(kind, "format = \"html\"\n") == kind.takesFormat, "\(kind) format")
            let local = LocalQuoteSource.all(in: (try? parse(kind, "").get())?.sources ?? [])
            #expect(local.isEmpty == !kind.readsFile, "\(kind) local source")
        }
    }
}

extension SourceConfigTests {
    @Test("A fortune file is read only by a kind that reads a file, and it is read as one by the fortune kind alone")
    func fortuneFileKinds() {
        for kind in SourceConfig.Kind.allCases where kind.readsFortuneFile { #expect(kind.readsFile, "\(kind)") }
        #expect(SourceConfig.Kind.allCases.filter(\.readsFortuneFile) == [.fortune])
    }
}
