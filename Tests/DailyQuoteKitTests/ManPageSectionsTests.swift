import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

/// `packaging/man-sections.py`, which completes the man page that generate-manual writes.
@Suite("Man page sections")
struct ManPageSectionsTests {
    /// What generate-manual writes, in small: a Markdown-style help text and its own EXIT STATUS stub.
    static let generated = """
        .Dd November 23, 2026
        .Dt DAILYQUOTE 1
        .Os
        .Sh DESCRIPTION
        With no subcommand, `dailyquote` runs the foreground scheduler (`run`).
        .Sh "EXIT STATUS"
        .Ex -std
        .Sh AUTHORS
        Nobody.

        """

    static func completed(version: String? = nil) throws -> String {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("dailyquote-\(UUID().uuidString).1")
        try generated.write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try ProcessRunner.python("packaging/man-sections.py", [input.path] + (version.map { [$0] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test("One EXIT STATUS section, with every status of docs/commands.md's table; no Markdown backticks")
    func exitStatus() throws {
        let page = try Self.completed()
        #expect(page.components(separatedBy: "EXIT STATUS").count == 2, "\(page)")
        #expect(!page.contains("`"))
        #expect(page.contains("\\fBdailyquote\\fR runs the foreground scheduler (\\fBrun\\fR)"))
        let commands = try String(contentsOfFile: "\(RepositoryPaths.root)/docs/commands.md", encoding: .utf8)
        let table = try #require(commands.components(separatedBy: "### Exit status").last?.components(separatedBy: "\n## ").first)
        let statuses = table.split(separator: "\n").compactMap { $0.firstMatch(of: /^\| (\d+) \|/).map { String($0.1) } }
        #expect(statuses.count >= 8)
        let section = try #require(page.components(separatedBy: ".Sh EXIT STATUS").last?.components(separatedBy: ".Sh ").first)
        for status in statuses {
            #expect(section.contains(".It \(status)\n"), "exit status \(status) is not in the man page")
        }
    }

    @Test("A CONFIGURATION section documents every key the parser knows and every source type")
    func configuration() throws {
        let page = try Self.completed()
        let section = try #require(page.components(separatedBy: ".Sh CONFIGURATION").last?.components(separatedBy: "\n.Sh ").first)
        for (table, keys) in ConfigParser.knownKeys where !table.isEmpty {
            #expect(section.contains(table == "source" ? ".Ss [[source]]" : ".Ss [\(table)]"))
            for key in keys {
                #expect(section.contains(".It Cm \(key)") || section.contains(" Cm \(key)"), "\(table).\(key) is not documented")
            }
        }
        for kind in SourceConfig.Kind.allCases {
            #expect(section.contains(".Ql \(kind.rawValue)"), "source type \(kind.rawValue) is not documented")
        }
    }

    @Test("The footer names dailyquote's version when stage.sh passes it, and nothing else changes")
    func version() throws {
        let page = try Self.completed(version: ReleaseVersion.current)
        #expect(page.contains("\n.Os dailyquote \(ReleaseVersion.current)\n.Sh DESCRIPTION"), "\(page)")
        #expect(page.replacingOccurrences(of: ".Os dailyquote \(ReleaseVersion.current)\n", with: ".Os\n") == (try Self.completed()))
    }

    @Test("The notification defaults read as the config has them: the application id's icon, the title quoted whole, GNOME's own path kept")
    func notificationDefaults() throws {
        let page = try Self.completed()
        #expect(page.contains(".It Cm icon No (default Ql io.github.dailyquote.DailyQuote )"), "\(page)")
        // mdoc's Ql would take the comma inside the quotes: Qo/Qc close the quote after "Day".
        #expect(page.contains(".It Cm title No (default Qo Quote of the Day Qc in the messages language)"), "\(page)")
        #expect(!page.contains("GNOME removes a notification when its sender leaves"), "\(page)")
    }
}
