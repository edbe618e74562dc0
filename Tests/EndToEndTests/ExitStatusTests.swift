import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem
@testable import dailyquote

/// The one exit-status table, against docs/commands.md and against what the binary does.
@Suite("ExitStatus")
struct ExitStatusTests {
    /// The `| status | meaning |` table under docs/commands.md's "Exit status".
    static func readmeStatuses() throws -> Set<Int32> {
        let readme = try String(contentsOfFile: RepositoryPaths.root + "/docs/commands.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Exit status").dropFirst().first)
        let rows = section.components(separatedBy: "\n\n").dropFirst().first ?? ""
        return Set(
            rows.split(separator: "\n").compactMap { line in
                Int32(line.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? "")
            })
    }

    @Test("Every kind has a status docs/commands.md documents, and every documented status but 0 has a kind")
    func tableMatchesReadme() throws {
        let documented = try Self.readmeStatuses()
        let mapped = Set(ErrorKind.allCases.map(ExitStatus.code(for:)))
        #expect(mapped.count == ErrorKind.allCases.count, "two kinds share a status")
        #expect(
            mapped == documented.subtracting([0]), "docs/commands.md documents \(documented.sorted()), the table gives \(mapped.sorted())")
    }

    @Test("Only the transient kinds (69, 75) are retried by the notify unit")
    func permanentStatuses() {
        #expect(ExitStatus.permanent == [1, 64, 65, 70, 71, 73, 78])
    }

    @Test("clear exits 73, like uninstall --purge, when a file cannot be deleted")
    func clearCannotDelete() throws {
        let sandbox = Sandbox()
        let stuck = try sandbox.home.write("state/dailyquote/history.jsonl", "")
        // Root ignores permissions; an immutable file stops even root.
        let chattr = try ProcessRunner.run("/usr/bin/chattr", ["+i", stuck], environment: [:])
        try #require(chattr.status == 0, "chattr +i: \(chattr.stderr)")
        defer { _ = try? ProcessRunner.run("/usr/bin/chattr", ["-i", stuck], environment: [:]) }
        let result = try sandbox.run(["clear", "--state", "--yes"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("dailyquote: error: cannot delete"), "\(result.stderr)")
    }
}
