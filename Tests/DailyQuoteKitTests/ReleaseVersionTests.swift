import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

/// `ReleaseVersion.current`, the one version, against everything made from it or beside it:
/// `scripts/version`, CHANGELOG.md, and the release notes the package carries.
@Suite("Release version")
struct ReleaseVersionTests {
    static func run(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run("/usr/bin/env", arguments, environment: RepositoryPaths.environment())
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    static func releaseNotes(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.python("packaging/release-notes.py", arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test("The version is MAJOR.MINOR.PATCH, and scripts/version reads the same from the source")
    func oneVersion() throws {
        #expect(ReleaseVersion.current.wholeMatch(of: /(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)/) != nil)
        #expect(try Self.run(["\(RepositoryPaths.root)/scripts/version"]) == ReleaseVersion.current + "\n")
    }

    @Test("CHANGELOG.md starts with Unreleased, and its latest release is this version")
    func changelog() throws {
        let text = try String(contentsOfFile: "\(RepositoryPaths.root)/CHANGELOG.md", encoding: .utf8)
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## [Unreleased]")
        #expect(headings.dropFirst().first?.hasPrefix("## [\(ReleaseVersion.current)] - ") == true, "\(headings)")
        #expect(try Self.releaseNotes(["version"]) == ReleaseVersion.current + "\n")
    }

    @Test("The Debian changelog names this version first, with CHANGELOG.md's groups")
    func debianChangelog() throws {
        let changelog = try Self.releaseNotes(["debian"])
        #expect(changelog.hasPrefix("dailyquote (\(ReleaseVersion.current)) unstable; urgency=medium\n"), "\(changelog)")
        for group in ["Delivery", "Fetching", "Plans", "Desktops", "Languages", "Packaging"] {
            #expect(changelog.contains("  [ \(group) ]\n  * "), "no \(group) group")
        }
        #expect(!changelog.contains("Unreleased"))
        // lintian's limit for the entries (debian-changelog-line-too-long); the trailer is exempt.
        let long = changelog.split(separator: "\n").filter { $0.count > 80 && !$0.hasPrefix(" -- ") }
        #expect(long.isEmpty, "\(long)")
        #expect(changelog.contains("\n -- dailyquote developers <dailyquote@example.org>  "))
    }

    @Test("The AppStream metadata lists every release of CHANGELOG.md, this version first")
    func metainfoReleases() throws {
        let template = "\(RepositoryPaths.root)/packaging/io.github.dailyquote.DailyQuote.metainfo.xml.in"
        let metainfo = try Self.releaseNotes(["metainfo", template])
        #expect(!metainfo.contains("@RELEASES@"))
        let versions = metainfo.matches(of: /<release version="([0-9.]+)" date="(\d{4}-\d\d-\d\d)">/).map { String($0.1) }
        let text = try String(contentsOfFile: "\(RepositoryPaths.root)/CHANGELOG.md", encoding: .utf8)
        let released = text.matches(of: /\n## \[([0-9.]+)\] - \d{4}-\d\d-\d\d\n/).map { String($0.1) }
        #expect(versions.first == ReleaseVersion.current)
        #expect(versions == released)
        // The screenshot the metadata names is the one the repository has.
        let image = try #require(metainfo.firstMatch(of: /<image>https:[^<]*\/main\/([^<]+)<\/image>/)).1
        #expect(FileManager.default.fileExists(atPath: "\(RepositoryPaths.root)/\(image)"), "\(image)")
    }
}
