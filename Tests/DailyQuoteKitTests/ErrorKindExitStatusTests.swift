import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

/// The one exit-status table (`ErrorKind+ExitStatus.swift`), against docs/commands.md.
@Suite("ErrorKind+ExitStatus")
struct ErrorKindExitStatusTests {
    /// The `| status | meaning |` table under docs/commands.md's "Exit status".
    static func documentedStatuses() throws -> Set<Int32> {
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
        let documented = try Self.documentedStatuses()
        let mapped = Set(ErrorKind.allCases.map(\.exitStatus))
        #expect(mapped.count == ErrorKind.allCases.count, "two kinds share a status")
        #expect(
            mapped == documented.subtracting([0]), "docs/commands.md documents \(documented.sorted()), the table gives \(mapped.sorted())")
    }

    @Test("Only the transient kinds (69, 75) are retried by the notify unit")
    func permanentStatuses() {
        #expect(ErrorKind.permanentExitStatuses == [1, 64, 65, 70, 71, 73, 78])
    }
}
