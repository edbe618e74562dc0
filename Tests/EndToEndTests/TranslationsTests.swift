import Foundation
import TestSupport
import Testing

/// The translations in po/: the template matches the sources, every catalog is complete and
/// valid, and no word a person sees escapes translation.
@Suite("translations (po/)")
struct TranslationsTests {
    static let po = "\(RepositoryPaths.root)/po"

    /// `po/update-pot --stdout`, for the repository or a copy of it at `root`.
    static func template(root: String = RepositoryPaths.root) throws -> ProcessResult {
        try ProcessRunner.run("\(po)/update-pot", ["--stdout", "--root", root], environment: RepositoryPaths.environment())
    }

    @Test("The committed po/dailyquote.pot is exactly what po/update-pot makes from the sources (run it after marking a message)")
    func templateIsCurrent() throws {
        let made = try Self.template()
        #expect(made.status == 0, "\(made.stderr)")
        let committed = try String(contentsOfFile: "\(Self.po)/dailyquote.pot", encoding: .utf8)
        #expect(made.stdout == committed, "po/dailyquote.pot is stale: run po/update-pot and translate the new messages")
    }

    @Test("The check fails for a newly marked message, and update-pot refuses tr() with an interpolation or a non-literal")
    func templateCheckCanFail() throws {
        let copy = TemporaryDirectory()
        for part in ["Sources", "packaging"] {
            let result = try ProcessRunner.run(
                "/bin/cp", ["-r", "\(RepositoryPaths.root)/\(part)", copy.path], environment: RepositoryPaths.environment())
            try #require(result.status == 0, "\(result.stderr)")
        }
        let committed = try String(contentsOfFile: "\(Self.po)/dailyquote.pot", encoding: .utf8)
        #expect(try Self.template(root: copy.path).stdout == committed)
        try copy.write("Sources/DailyQuoteKit/New.swift", "func new(tr: Translator) -> String { tr(\"A new message\") }\n")
        let added = try Self.template(root: copy.path)
        #expect(added.status == 0)
        #expect(added.stdout != committed)
        #expect(added.stdout.contains("msgid \"A new message\""))
        try copy.write("Sources/DailyQuoteKit/New.swift", "func new(tr: Translator, n: Int) -> String { tr(\"\\(n) new\") }\n")
        let interpolated = try Self.template(root: copy.path)
        #expect(interpolated.status != 0)
        #expect(interpolated.stderr.contains("New.swift:1"), "\(interpolated.stderr)")
        try copy.write("Sources/DailyQuoteKit/New.swift", "func new(tr: Translator, s: StaticString) -> String { tr(s) }\n")
        #expect(try Self.template(root: copy.path).status != 0)
    }

    @Test("po/LINGUAS lists exactly the .po files: the twelve languages")
    func linguas() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.po).filter { $0.hasSuffix(".po") }.map {
            String($0.dropLast(3))
        }
        #expect(Set(files) == Set(TestLocales.languages))
        #expect(Set(TestLocales.languages) == ["de", "es", "it", "pl", "ru", "cs", "zh_CN", "pt_BR", "bg", "eo", "ga", "fr"])
    }

    @Test("Every .po passes msgfmt --check and translates every message of the template, none fuzzy", arguments: TestLocales.languages)
    func catalog(language: String) throws {
        let result = try ProcessRunner.run(
            "/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", "\(Self.po)/\(language).po"],
            environment: RepositoryPaths.environment(["LC_ALL": "C"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("untranslated") && !result.stderr.contains("fuzzy"), "\(language): \(result.stderr)")
        // The same messages as the template (msgcmp: every msgid of the template, nothing obsolete left out).
        let compared = try ProcessRunner.run(
            "/usr/bin/msgcmp", ["\(Self.po)/\(language).po", "\(Self.po)/dailyquote.pot"], environment: RepositoryPaths.environment())
        #expect(compared.status == 0, "\(language): \(compared.stderr)")
    }
}

extension TranslationsTests {
    /// A catalog `xx` whose every message is its English text in ⟦ ⟧, compiled into a
    /// temporary locale directory; nil with the reason when gettext's tools fail.
    static func pseudoCatalog(in directory: TemporaryDirectory) throws -> String {
        let result = try ProcessRunner.run(
            RepositoryPaths.support("translations/pseudo-catalog.sh"), [po, directory.path], environment: RepositoryPaths.environment())
        try #require(result.status == 0, "\(result.stderr)")
        return directory.url("locale")
    }

    @Test(
        "In a pseudo-language that brackets every message, the notification's title and buttons, notify's line, every status label and every doctor verdict and check are bracketed: nothing a person reads escapes translation"
    )
    func nothingUnmarked() throws {
        let work = TemporaryDirectory()
        let catalogs = try Self.pseudoCatalog(in: work)
        let sandbox = Sandbox()
        sandbox.extraEnvironment = [
            "LANG": "de_DE.UTF-8", "LANGUAGE": "xx", "LOCPATH": TestLocales.localePath, "DAILYQUOTE_LOCALEDIR": catalogs,
        ]
        try sandbox.home.write(
            "config/dailyquote/config.toml", "[notification]\nactions = [\"copy\", \"save\", \"another\"]\n")
        let results = TemporaryDirectory()
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = results.path
        environment["MOCK_CAPABILITIES"] = "body actions"
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-notification-server.sh"),
            ["--server", "mock", RepositoryPaths.support("translations/pseudo-language-session.sh")], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: results.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        let calls = MockNotificationServer.notifyCalls(file("mock.log"))
        try #require(calls.count == 1, "\(file("mock.log"))")
        #expect(calls[0].contains(#""⟦Quote of the Day⟧""#), "\(calls[0])")
        #expect(calls[0].contains(#"["copy", "⟦Copy⟧", "save", "⟦Save⟧", "another", "⟦Another quote⟧"]"#), "\(calls[0])")
        #expect(file("notify.txt").hasPrefix("⟦posted "), "\(file("notify.txt"))")
        let status = file("status.txt").split(separator: "\n")
        #expect(status.count > 8, "\(file("status.txt"))")
        // A line that does not start with a space starts with its label; continuation lines are values.
        for line in status where !line.hasPrefix(" ") {
            #expect(line.hasPrefix("⟦"), "unmarked status label: \(line)")
        }
        // Each doctor line: the verdict, then the check's name.
        let doctor = file("doctor.txt").split(separator: "\n")
        #expect(doctor.count > 8, "\(file("doctor.txt"))")
        for line in doctor {
            let afterVerdict = line.drop { $0 != "⟧" }.dropFirst().drop { $0 == " " }
            #expect(line.hasPrefix("⟦") && afterVerdict.hasPrefix("⟦"), "unmarked doctor verdict or check: \(line)")
        }
    }
}
