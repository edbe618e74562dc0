import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("Config")
struct ConfigTests {
    @Test("sourceWarnings names local source files that are missing, directories or unreadable; network sources never")
    func sourceWarnings() throws {
        let directory = TemporaryDirectory()
        let present = try directory.write("quotes.txt", "A quote. -- Me\n")
        var config = Config()
        config.sources = [
            SourceConfig(kind: .zenquotes), SourceConfig(kind: .file, path: present),
            SourceConfig(kind: .fortune, path: directory.url("missing")), SourceConfig(kind: .file, path: directory.path),
        ]
        #expect(
            config.sourceWarnings() == [
                "source[3].path: \(directory.url("missing")) does not exist; refresh will skip this source until it can read it",
                "source[4].path: \(directory.path) is a directory, not a file; refresh will skip this source until it can read it",
            ])
        #expect(Config.defaults.sourceWarnings().isEmpty)
    }
}
