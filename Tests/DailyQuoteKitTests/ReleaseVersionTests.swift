import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

/// `ReleaseVersion.current`, the one version, against everything made from it or beside it:
/// `scripts/version`, CHANGELOG.md, and the release notes the package carries
/// (`packaging/release-notes.py`, and its `check`).
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

    /// `release-notes.py check` on a CHANGELOG.md of `changelog` and `version`: its stderr, or nil when it passes.
    static func check(version: String, changelog: String, _ more: [String] = []) throws -> String? {
        let directory = TemporaryDirectory()
        let file = try directory.write("CHANGELOG.md", changelog)
        let result = try ProcessRunner.python("packaging/release-notes.py", ["--changelog", file, "--version", version, "check"] + more)
        return result.status == 0 ? nil : result.stderr
    }

    static let released = """
        # Changelog

        ## [Unreleased]

        ## [1.0.0] - 2026-11-25

        ### Delivery

        - The first release.

        """

    /// 1.0.0's release commit: the last to change its section, with version 1.0.0.
    static let releaseCommit = "33bd629fc153327786f15a7cb339863d2f31a61a"

    /// The links that record a release by its commit, `commit` for 1.0.0's.
    static func links(_ commit: String = releaseCommit, since: String = releaseCommit) -> String {
        "\n[Unreleased]: https://github.com/dailyquote/dailyquote/compare/\(since)...HEAD\n"
            + "[1.0.0]: https://github.com/dailyquote/dailyquote/tree/\(commit)\n"
    }

    static let unreleasedChanges =
        released.replacingOccurrences(
            of: "## [Unreleased]\n", with: "## [Unreleased]\n\n### Delivery\n\n- A fix after 1.0.0.\n") + links()

    var isDevelopment: Bool { ReleaseVersion.current.hasSuffix("~dev") }

    @Test("The version is MAJOR.MINOR.PATCH or MAJOR.MINOR.PATCH~dev, and scripts/version reads the same from the source")
    func oneVersion() throws {
        #expect(ReleaseVersion.current.wholeMatch(of: /(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(~dev)?/) != nil)
        #expect(try Self.run(["\(RepositoryPaths.root)/scripts/version"]) == ReleaseVersion.current + "\n")
    }

    @Test("release-notes.py check passes on the repository: the version, CHANGELOG.md and the notes made from it agree")
    func repositoryAgrees() throws {
        let text = try String(contentsOfFile: "\(RepositoryPaths.root)/CHANGELOG.md", encoding: .utf8)
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.first == "## [Unreleased]")
        _ = try Self.releaseNotes(["check"])
    }

    @Test("release-notes.py check fails when the version and CHANGELOG.md disagree")
    func checkCanFail() throws {
        // Agreeing: a release with an empty Unreleased, and the next ~dev with changes.
        #expect(try Self.check(version: "1.0.0", changelog: Self.released) == nil)
        #expect(try Self.check(version: "1.0.1~dev", changelog: Self.unreleasedChanges) == nil)
        // Two trees that both call themselves 1.0.0: the later one lists changes under Unreleased.
        let kept = try #require(try Self.check(version: "1.0.0", changelog: Self.unreleasedChanges))
        #expect(kept.contains("lists Unreleased changes"), "\(kept)")
        // A release the changelog does not have, a ~dev version that is not later, a bad version.
        #expect(try Self.check(version: "1.0.1", changelog: Self.released)?.contains("latest release is 1.0.0") == true)
        #expect(try Self.check(version: "1.0.0~dev", changelog: Self.released)?.contains("released already") == true)
        #expect(try Self.check(version: "1.0.1-beta", changelog: Self.released)?.contains("neither X.Y.Z nor X.Y.Z~dev") == true)
        let misordered = Self.released + "## [1.1.0] - 2026-11-01\n\n### Delivery\n\n- Later, but below.\n"
        #expect(try Self.check(version: "1.0.0", changelog: misordered)?.contains("out of order") == true)
        // A built Debian changelog or AppStream file of another version.
        let directory = TemporaryDirectory()
        let debian = try directory.write("changelog", "dailyquote (1.0.0) unstable; urgency=medium\n")
        let metainfo = try directory.write("x.metainfo.xml", "<releases>\n<release version=\"1.0.0\" date=\"2026-11-25\">\n")
        let built = try #require(
            try Self.check(version: "1.0.1~dev", changelog: Self.unreleasedChanges, ["--debian", debian, "--metainfo", metainfo]))
        #expect(built.contains("not version 1.0.1~dev") && built.contains("first release is 1.0.0"), "\(built)")
    }

    @Test(
        "release-notes.py check wants each release recorded by its commit, which must be in the clone with that version and heading; only the release commit itself goes without"
    )
    func releaseCommits() throws {
        let changes = Self.unreleasedChanges.replacingOccurrences(of: Self.links(), with: "")
        #expect(try Self.check(version: "1.0.0", changelog: Self.released) == nil)
        #expect(try Self.check(version: "1.0.1~dev", changelog: changes)?.contains("names no release commit for 1.0.0") == true)
        let later = "a2cd0b06f90dc48aec618b98d3971b438e3cc6cc"  // 1.0.1~dev
        let wrongVersion = try Self.check(version: "1.0.1~dev", changelog: changes + Self.links(later, since: later))
        #expect(wrongVersion?.contains("but its version is 1.0.1~dev") == true, "\(wrongVersion ?? "passed")")
        let missing = String(repeating: "0", count: 40)
        let absent = try Self.check(version: "1.0.1~dev", changelog: changes + Self.links(missing, since: missing))
        #expect(absent?.contains("this clone has no such commit") == true, "\(absent ?? "passed")")
        let tagged = changes + Self.links(since: "v1.0.0")
        #expect(try Self.check(version: "1.0.1~dev", changelog: tagged)?.contains("[Unreleased] link does not compare") == true)
        #expect(try Self.releaseNotes(["commit", "1.0.0"]) == Self.releaseCommit + "\n")
    }

    @Test("The Debian changelog names this version first, with CHANGELOG.md's groups; UNRELEASED for a ~dev version")
    func debianChangelog() throws {
        let changelog = try Self.releaseNotes(["debian"])
        let distribution = isDevelopment ? "UNRELEASED" : "unstable"
        #expect(changelog.hasPrefix("dailyquote (\(ReleaseVersion.current)) \(distribution); urgency=medium\n"), "\(changelog)")
        for group in ["Delivery", "Fetching", "Plans", "Desktops", "Languages", "Packaging"] {
            #expect(changelog.contains("  [ \(group) ]\n  * "), "no \(group) group")
        }
        #expect(!changelog.contains("Unreleased"))
        // lintian's limit for the entries (debian-changelog-line-too-long); the trailer is exempt.
        let long = changelog.split(separator: "\n").filter { $0.count > 80 && !$0.hasPrefix(" -- ") }
        #expect(long.isEmpty, "\(long)")
        #expect(changelog.contains("\n -- dailyquote developers <dailyquote@example.org>  "))
        #expect(changelog.contains("dailyquote (1.0.0) unstable; urgency=medium\n"))
    }

    @Test("The UNRELEASED entry and the development release are dated SOURCE_DATE_EPOCH, so that two builds agree")
    func datedFromSourceDateEpoch() throws {
        guard isDevelopment else { return }
        var environment = RepositoryPaths.environment()
        environment["SOURCE_DATE_EPOCH"] = "1790000000"  // 2026-09-21 14:13:20 UTC
        let script = "\(RepositoryPaths.root)/packaging/release-notes.py"
        let debian = try ProcessRunner.run("/usr/bin/env", ["python3", script, "debian"], environment: environment)
        #expect(debian.stdout.contains(" -- dailyquote developers <dailyquote@example.org>  Mon, 21 Sep 2026 14:13:20 +0000\n"))
        let template = "\(RepositoryPaths.root)/packaging/io.github.dailyquote.DailyQuote.metainfo.xml.in"
        let metainfo = try ProcessRunner.run("/usr/bin/env", ["python3", script, "metainfo", template], environment: environment)
        #expect(metainfo.stdout.contains("<release version=\"\(ReleaseVersion.current)\" type=\"development\" date=\"2026-09-21\">"))
    }

    @Test("The AppStream metadata lists every release of CHANGELOG.md, this version first")
    func metainfoReleases() throws {
        let template = "\(RepositoryPaths.root)/packaging/io.github.dailyquote.DailyQuote.metainfo.xml.in"
        let metainfo = try Self.releaseNotes(["metainfo", template])
        #expect(!metainfo.contains("@RELEASES@"))
        let versions = metainfo.matches(of: /<release version="([0-9.~a-z]+)"(?: type="development")? date="(\d{4}-\d\d-\d\d)">/)
            .map { String($0.1) }
        let text = try String(contentsOfFile: "\(RepositoryPaths.root)/CHANGELOG.md", encoding: .utf8)
        let released = text.matches(of: /\n## \[([0-9.]+)\] - \d{4}-\d\d-\d\d\n/).map { String($0.1) }
        #expect(versions.first == ReleaseVersion.current)
        #expect(Array(versions.drop { $0.hasSuffix("~dev") }) == released)
        // The screenshot the metadata names is the one the repository has.
        let image = try #require(metainfo.firstMatch(of: /<image>https:[^<]*\/main\/([^<]+)<\/image>/)).1
        #expect(FileManager.default.fileExists(atPath: "\(RepositoryPaths.root)/\(image)"), "\(image)")
    }
}
