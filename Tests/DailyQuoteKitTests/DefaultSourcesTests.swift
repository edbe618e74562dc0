import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("DefaultSources")
struct DefaultSourcesTests {
    /// A file system where exactly `installed` exist.
    static func exists(_ installed: Set<String>) -> (String) -> Bool { { installed.contains($0) } }

    @Test("English (no languages) keeps ZenQuotes")
    func english() {
        let choice = DefaultSources(languages: [], fileExists: Self.exists(["/usr/share/games/fortunes/de/zitate"]))
        #expect(choice.sources == SourceConfig.defaults)
        #expect(choice.reason == .english)
    }

    @Test("German with fortunes-de installed: its file, UTF-8; not installed: ZenQuotes, naming the package")
    func german() {
        let installed = DefaultSources(languages: ["de_DE"], fileExists: Self.exists(["/usr/share/games/fortunes/de/zitate"]))
        #expect(installed.sources == [SourceConfig(kind: .fortune, path: "/usr/share/games/fortunes/de/zitate")])
        #expect(installed.reason == .installed(language: "de_DE", package: "fortunes-de", path: "/usr/share/games/fortunes/de/zitate"))
        let missing = DefaultSources(languages: ["de_AT"], fileExists: Self.exists([]))
        #expect(missing.sources == SourceConfig.defaults)
        #expect(missing.reason == .notInstalled(language: "de_AT", package: "fortunes-de"))
        #expect(missing.text(.english) == "ZenQuotes, then the bundled collection (install fortunes-de for quotes in de_AT)")
    }

    @Test("Esperanto: the UTF-8 package first, else fortunes-eo-iso3 read as ISO-8859-3")
    func esperanto() {
        let iso = DefaultSources(languages: ["eo"], fileExists: Self.exists(["/usr/share/games/fortunes/eo-iso3/proverbaro"]))
        #expect(iso.sources == [SourceConfig(kind: .fortune, path: "/usr/share/games/fortunes/eo-iso3/proverbaro", encoding: "ISO-8859-3")])
        let both = DefaultSources(
            languages: ["eo"],
            fileExists: Self.exists(["/usr/share/games/fortunes/eo-iso3/proverbaro", "/usr/share/games/fortunes/eo/proverbaro"]))
        #expect(both.sources == [SourceConfig(kind: .fortune, path: "/usr/share/games/fortunes/eo/proverbaro")])
    }

    @Test("The first language with a package decides; a language without one is passed over; none at all is said")
    func order() {
        let all = Self.exists(["/usr/share/games/fortunes/ga/proverbs", "/usr/share/games/fortunes/it/italia"])
        #expect(
            DefaultSources(languages: ["ja", "ga", "it"], fileExists: all).sources.first?.path == "/usr/share/games/fortunes/ga/proverbs")
        #expect(DefaultSources(languages: ["fr"], fileExists: all).reason == .noPackage(language: "fr"))
        #expect(
            DefaultSources(languages: ["pt_BR"], fileExists: Self.exists(["/usr/share/games/fortunes/brasil"])).sources.first?.path
                == "/usr/share/games/fortunes/brasil")
        #expect(
            DefaultSources(languages: ["zh_CN"], fileExists: Self.exists(["/usr/share/games/fortunes/chinese"])).sources.first?.path
                == "/usr/share/games/fortunes/chinese")
    }

    @Test("Every package's files are the ones docs/sources.md names, and exist where scripts/install-deps installed them")
    func packagesInstalled() {
        for package in DefaultSources.packages {
            #expect(package.files.contains { FileManager.default.fileExists(atPath: $0.path) }, "\(package.name)")
        }
        #expect(Set(DefaultSources.packages.map(\.name)).count == 11)
    }

    @Test("A config with [[source]] keeps its list; without, the choice is put in place and remembered")
    func loadedConfig() throws {
        let choice = DefaultSources(languages: ["de"], fileExists: Self.exists(["/usr/share/games/fortunes/de/zitate"]))
        var loaded = LoadedConfig(config: .defaults, path: "/c", fileExists: false)
        loaded.useDefaultSources(choice)
        #expect(loaded.config.sources == choice.sources)
        #expect(loaded.defaultSources == choice)
        var configured = LoadedConfig(
            config: try ConfigParser(zones: Zones.database).parse("[[source]]\ntype = \"dummyjson\"\n", file: "/c"), path: "/c",
            fileExists: true)
        configured.useDefaultSources(choice)
        #expect(configured.config.sources.map(\.kind) == [.dummyjson])
        #expect(configured.defaultSources == nil)
    }
}
