import Foundation
import TestSupport
import Testing

/// The words of status, doctor, refresh and config check: one language per line, one wording
/// per problem, and the engine that will deliver (issue 36, items 6 to 9).
extension CommandLineTests {
    /// English that status and doctor used to leave inside translated lines: the bus and
    /// server reasons, the delivery rule, the last refresh.
    static let untranslatedReasons = [
        "no D-Bus session bus", "run inside a desktop session", "every day at", "fetched \"", "the installed timers plan in",
        "systemd timers installed, but",
    ]

    /// glibc's own Chinese catalog (Debian's libc-l10n), which the Chinese case reads.
    static let chineseLibcCatalog = FileManager.default.fileExists(atPath: "/usr/share/locale/zh_CN/LC_MESSAGES/libc.mo")

    /// `refresh` (from a local file) and `install --no-enable` (in UTC), then `status` and `doctor
    /// --offline` without a session bus or a user manager, in another zone, under `LANG=LL.UTF-8`-like
    /// environments; the outputs per environment.
    static func reasonsInLanguages(_ environments: [[String: String]]) throws -> [(status: String, doctor: String)] {
        let sandbox = Sandbox()
        let quotes = try sandbox.home.write("quotes.txt", "Little strokes fell great oaks. -- Benjamin Franklin\n")
        try sandbox.home.write("config/dailyquote/config.toml", "[[source]]\ntype = \"file\"\npath = \"\(quotes)\"\n")
        #expect(try sandbox.run(["refresh"]).status == 0)
        _ = try sandbox.run(["install", "--no-enable"])
        return try environments.map { language in
            sandbox.extraEnvironment = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "TZ": "Asia/Tokyo"].merging(language) { $1 }
            return (try sandbox.run(["status"]).stdout, try sandbox.run(["doctor", "--offline"]).stdout)
        }
    }

    @Test(
        "In every language of po/LINGUAS, status and doctor say the bus and server reasons, the delivery rule and the last refresh in that language, and glibc's texts inside them are never turned into question marks"
    )
    func reasonsInEveryLanguage() throws {
        let languages = TestLocales.languages
        let outputs = try Self.reasonsInLanguages(languages.map { TestLocales.environment(lang: "de_DE.UTF-8", language: $0) })
        for (language, output) in zip(languages, outputs) {
            for text in [output.status, output.doctor] {
                #expect(text.split(separator: "\n").count >= 5, "\(language): \(text)")
                for fragment in Self.untranslatedReasons {
                    #expect(!text.contains(fragment), "\(language) says \"\(fragment)\" in English:\n\(text)")
                }
                #expect(!text.contains("??"), "\(language): glibc's text became question marks:\n\(text)")
            }
        }
    }

    @Test(
        "Under LANG=zh_CN.UTF-8 (and LC_CTYPE=C beside it) glibc's own error text is Chinese, in UTF-8; Chinese lists use 、 and the relative time full-width parentheses",
        .enabled(if: chineseLibcCatalog, "glibc's Chinese messages are not installed (Debian: libc-l10n)")
    )
    func glibcTextInChinese() throws {
        let outputs = try Self.reasonsInLanguages([
            TestLocales.environment(lang: "zh_CN.UTF-8"),
            TestLocales.environment(lang: "zh_CN.UTF-8").merging(["LC_CTYPE": "C"]) { $1 },
        ])
        for (status, doctor) in outputs {
            // ENOENT in glibc's zh_CN catalog: "No such file or directory".
            #expect(status.contains("没有那个文件或目录") && doctor.contains("没有那个文件或目录"), "\(status)\n\(doctor)")
            #expect(status.contains("复制、保存"), "\(status)")
            #expect(status.contains(/:00（[^）(]+后）/), "\(status)")
            #expect(status.contains("每天 08:00，"), "\(status)")
            #expect(status.contains("已获取 \"Little strokes fell great oaks.\""), "\(status)")
        }
    }

    @Test("status with an invalid config names the problem and promises no delivery (text and JSON)")
    func statusInvalidConfigPromisesNothing() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[notification]\nactions = [\"sav\"]\n")
        let text = try sandbox.run(["status", "--config", config])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("INVALID: \(config):2: notification.actions: unknown action \"sav\""), "\(text.stdout)")
        #expect(text.stdout.contains("rule:           none: the config is invalid"), "\(text.stdout)")
        #expect(text.stdout.contains("next delivery:  none while the config is invalid"), "\(text.stdout)")
        #expect(text.stdout.contains("next refresh:   none while the config is invalid"), "\(text.stdout)")
        #expect(!text.stdout.contains("every day at"), "\(text.stdout)")
        let json = try sandbox.run(["status", "--json", "--config", config])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["nextDelivery"] == nil && object["nextRefresh"] == nil, "\(json.stdout)")
        #expect(object["rules"] == nil && object["notificationServerFailure"] == nil, "the text's own fields stay out of the JSON")
    }

    @Test("A suggestion ends the message: `use …` first, then `did you mean \"save\"?`")
    func suggestionEndsTheMessage() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[notification]\nactions = [\"copy\", \"sav\"]\n")
        let result = try sandbox.run(["config", "check", "--config", config])
        #expect(result.status != 0)
        #expect(
            result.stderr.hasSuffix("unknown action \"sav\"; use copy, save, another, or [] for none; did you mean \"save\"?\n"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("?;"), "\(result.stderr)")
    }

    @Test(
        "A source path that cannot be read is described in one wording by config check and refresh: a directory, a missing file",
        arguments: ["fortune", "file"])
    func unreadableSourceOneWording(kind: String) throws {
        let sandbox = Sandbox()
        let directory = sandbox.home.url("quotes-dir")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let missing = sandbox.home.url("missing")
        let config = try sandbox.config(
            "[[source]]\ntype = \"\(kind)\"\npath = \"\(directory)\"\n[[source]]\ntype = \"\(kind)\"\npath = \"\(missing)\"\n")
        let check = try sandbox.run(["config", "check", "--config", config])
        let refresh = try sandbox.run(["refresh", "--config", config])
        #expect(refresh.status != 0)
        for words in ["\(directory) is a directory, not a file", "\(missing) does not exist"] {
            #expect(check.stderr.contains(words), "config check: \(check.stderr)")
            #expect(refresh.stderr.contains(words), "refresh: \(refresh.stderr)")
        }
        #expect(!refresh.stderr.contains("cannot read"), "\(refresh.stderr)")
    }

    @Test(
        "Without a user manager, status names what will deliver (the autostart entry at the next login), says installed timers do not run, and doctor vouches only for the zones it could ask"
    )
    func noUserManager() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = ["XDG_RUNTIME_DIR": "/nonexistent", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        let entry = try sandbox.home.write(
            "config/autostart/dailyquote.desktop",
            "[Desktop Entry]\nType=Application\nName=dailyquote\nExec=dailyquote run --from-autostart\n")
        let autostart = "the autostart entry \(entry) starts `dailyquote run` at your next login"
        let before = try sandbox.run(["status"])
        #expect(before.stdout.contains("systemd timers not installed; no `dailyquote run` scheduler; \(autostart)"), "\(before.stdout)")
        #expect(try sandbox.run(["install"]).status == 69)
        let status = try sandbox.run(["status"])
        #expect(
            status.stdout.contains(
                "systemd timers installed, but no systemd user manager answers, so they do not run; no `dailyquote run` scheduler; \(autostart)"
            ),
            "\(status.stdout)")
        #expect(!status.stdout.contains("NOT enabled"), "\(status.stdout)")
        let doctor = try sandbox.run(["doctor", "--offline"])
        #expect(doctor.stdout.contains("(no user manager to ask)"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("the user manager and the timers plan in"), "\(doctor.stdout)")
        // A hidden entry (the user's opt-out) starts nothing, and is not named.
        try sandbox.home.write("config/autostart/dailyquote.desktop", "[Desktop Entry]\nHidden=true\n")
        #expect(try !sandbox.run(["status"]).stdout.contains("autostart entry"))
    }
}
