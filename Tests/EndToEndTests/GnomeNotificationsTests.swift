import Foundation
import TestSupport
import Testing

/// GNOME's own notification API (`org.gtk.Notifications`) on GNOME Shell 43, headless.
///
/// The shell runs on a private bus (`with-notification-server.sh --server gnome`), with
/// dailyquote's desktop entry and D-Bus service installed in a data directory the shell and the
/// bus see. The tray is read, and buttons pressed as a click does, through a test-only shell
/// extension (Tests/TestSupport/Harness/gnome43-tray-extension).
@Suite("GNOME's own notifications (GNOME Shell 43, headless)", .serialized)
struct GnomeNotificationsTests {
    static let quote = #"3 < 5 && "quotes" & 'marks'"#
    static let author = "O'Brien & <Søn>"
    static let body = "\(quote)\n— \(author)"

    /// A GNOME session's run: files of `$W`, the harness's output.
    struct Run {
        var work: TemporaryDirectory
        var output: String
        func file(_ name: String) -> String { (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        func json(_ name: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(file(name).utf8)) }
        /// The notifications in the tray dump `name`: (title, body, buttons).
        func tray(_ name: String) -> [(title: String, body: String, buttons: [String])] {
            let sources = (json(name) as? [String: Any])?["sources"] as? [[String: Any]] ?? []
            return sources.flatMap { ($0["notifications"] as? [[String: Any]]) ?? [] }.map {
                ($0["title"] as? String ?? "", $0["body"] as? String ?? "", $0["buttons"] as? [String] ?? [])
            }
        }
    }

    /// Runs the harness file `desktop/SCRIPT` with `arguments` in a GNOME Shell 43 session;
    /// `installed` puts the desktop entry and the D-Bus service (Exec= the built binary) where the
    /// shell and the bus look.
    static func run(
        _ script: String, _ arguments: [String] = [], installed: Bool, environment extra: [String: String] = [:]
    ) throws -> Run {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = extra
        let work = TemporaryDirectory()
        let fetched = Int(Date().timeIntervalSince1970) - 60
        let cache: [String: Any] = ["text": quote, "author": author, "source": "test", "fetchedAt": fetched]
        try sandbox.home.write(
            "cache/dailyquote/quote.json", String(decoding: try JSONSerialization.data(withJSONObject: cache), as: UTF8.self))
        let config = try sandbox.config("[notification]\nactions = [\"copy\", \"save\", \"another\"]\n")
        let data = TemporaryDirectory()
        // A copy of its own, so that counting "our processes" by their path never counts those
        // of another suite running at the same time (a holder of the matrix's GNOME case, say).
        let binary = data.path + "/bin/dailyquote"
        try FileManager.default.createDirectory(atPath: data.path + "/bin", withIntermediateDirectories: true)
        // Copied by cp, not FileManager.copyItem: copyItem opens the copy for writing without
        // O_CLOEXEC, so a child another test spawns meanwhile (a harness of the matrix suite,
        // alive for half a minute with all its descendants) inherits that descriptor, and
        // executing the copy then fails with ETXTBSY ("text file busy", exit 126). cp's
        // descriptor lives and dies in cp.
        let copy = try ProcessRunner.run(
            "/bin/cp", [URL(fileURLWithPath: RepositoryPaths.binary).resolvingSymlinksInPath().path, binary],
            environment: RepositoryPaths.environment())
        try #require(copy.status == 0, "cp: \(copy.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path + "/bin")
        if installed {
            let entry = try String(
                contentsOfFile: RepositoryPaths.root + "/packaging/io.github.dailyquote.DailyQuote.desktop.in", encoding: .utf8)
            _ = try data.write(
                "applications/io.github.dailyquote.DailyQuote.desktop",
                entry.replacingOccurrences(of: "@BINDIR@/dailyquote", with: binary))
            // As packaging/stage.sh writes it, without SystemdService= (no user manager here).
            let service = try String(
                contentsOfFile: RepositoryPaths.root + "/packaging/dbus/io.github.dailyquote.DailyQuote.service.in", encoding: .utf8)
            _ = try data.write(
                "dbus-1/services/io.github.dailyquote.DailyQuote.service",
                service.replacingOccurrences(of: "@BINDIR@/dailyquote", with: binary).replacingOccurrences(
                    of: "@SYSTEMD_SERVICE@", with: ""))
        } else {
            // An entry the package installed on this machine (scripts/setup, then scripts/test)
            // must not count: a Hidden=true entry first in the data directories hides it, for the
            // shell (InvalidApp) as for doctor.
            _ = try data.write("applications/io.github.dailyquote.DailyQuote.desktop", "[Desktop Entry]\nHidden=true\n")
        }
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path)
        var environment = sandbox.environment
        environment["DQ"] = binary
        environment["BIN"] = binary
        environment["W"] = work.path
        environment["CONFIG"] = config
        environment["NOTIFICATION_SERVER_SHARE"] = work.path
        environment["NOTIFICATION_SERVER_GNOME_EXTENSION"] = RepositoryPaths.support("gnome43-tray-extension")
        environment["NOTIFICATION_SERVER_DATA_DIRS"] = data.path
        // The commands look where the shell looks (status and doctor report what they find).
        environment["XDG_DATA_DIRS"] = "\(data.path):/usr/local/share:/usr/share"
        let result = try withExtendedLifetime((sandbox, data)) {
            try ProcessRunner.run(
                RepositoryPaths.support("with-notification-server.sh"),
                ["--server", "gnome", RepositoryPaths.support("desktop/\(script)")] + arguments,
                environment: environment)
        }
        let run = Run(work: work, output: "status \(result.status): \(result.stderr)")
        return Run(work: work, output: run.output + run.file("script.err"))
    }

    @Test(
        "With the package's desktop entry and D-Bus service (as installed): notify --now posts once through org.gtk.Notifications: the exact text in the tray, no process left; Another and Save pressed through the shell"
    )
    func nativePath() throws {
        let run = try Self.run(
            "gnome-native.sh", installed: true)
        #expect(run.file("now.rc") == "0\n", "\(run.file("now.err")) \(run.output)")
        #expect(run.file("now.out").contains("to gnome-shell"), "\(run.file("now.out"))")
        #expect(!run.file("now.err").contains("warning"), "no fallback expected: \(run.file("now.err"))")
        // Nothing of ours runs after notify: no holder, no scope.
        #expect(run.file("after-notify.count") == "0\n", "\(run.output)")
        let first = run.tray("tray-1.json")
        #expect(first.count == 1, "\(run.file("tray-1.json")) \(run.output)")
        #expect(first.first?.title == "Quote of the Day")
        #expect(first.first?.body == Self.body, "GNOME shows the body exactly: \(first)")
        #expect(first.first?.buttons == ["Copy", "Save", "Another quote"] || first.first?.buttons == ["Save", "Another quote"])
        #expect(
            run.file("status.txt").contains("posting:") && run.file("status.txt").contains("GNOME notifications: stays until dismissed"),
            "\(run.file("status.txt"))")
        #expect(run.file("doctor.txt").contains("ok   posting: GNOME notifications"), "\(run.file("doctor.txt"))")

        // Another replaced the quote in place: one notification, another text.
        #expect(run.file("press-another.out").contains("pressed"), "\(run.file("press-another.out")) \(run.output)")
        let second = run.tray("tray-2.json")
        #expect(second.count == 1, "\(run.file("tray-2.json"))")
        let anotherBody = try #require(second.first?.body)
        #expect(anotherBody != Self.body)

        // Save, pressed on the Another quote, saved that quote; then the service went idle and exited.
        #expect(run.file("press-save.out").contains("pressed"))
        let favourites = run.file("favorites.jsonl").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(favourites.count == 1, "\(run.file("favorites.jsonl")) \(run.output)")
        let saved = favourites.first.map {
            ($0["text"] as? String ?? "") + (($0["author"] as? String).map { $0.isEmpty ? "" : "\n— \($0)" } ?? "")
        }
        #expect(saved == anotherBody)
        #expect(run.file("after-idle.count") == "0\n", "the action service must exit when idle \(run.output)")
        #expect(run.file("done") == "done\n", "the script did not finish: \(run.output)")

        // The history: the post and the Another quote on the GNOME path, with the buttons pressed; no close reason made up.
        let history = (run.json("history.json") as? [[String: Any]]) ?? []
        #expect(history.count == 2, "\(run.file("history.json"))")
        #expect(history.allSatisfy { $0["path"] as? String == "gnome" }, "\(history)")
        #expect(history.allSatisfy { $0["closedReason"] == nil })
        #expect(history.first?["actions"] as? [String] == ["another"], "\(history)")
        #expect(history.last?["actions"] as? [String] == ["save"], "\(history)")
        #expect(history.last?["another"] as? Bool == true)
    }

    @Test(
        "Without the desktop entry (a bare build), notify falls back to the freedesktop path with a holder, says why once, and doctor names the fix"
    )
    func fallback() throws {
        let run = try Self.run(
            "gnome-fallback.sh", installed: false)
        #expect(run.file("now.rc") == "0\n", "\(run.file("now.err")) \(run.output)")
        let warnings = run.file("now.err").split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(run.file("now.err"))")
        #expect(warnings.first?.contains("no desktop entry io.github.dailyquote.DailyQuote.desktop") == true, "\(warnings)")
        #expect(warnings.first?.contains("freedesktop") == true)
        // The holder keeps it, as before.
        #expect(run.file("after-notify.count") == "1\n", "\(run.output)")
        let tray = run.tray("tray-1.json")
        #expect(tray.count == 1, "\(run.file("tray-1.json"))")
        // GNOME 43 renders markup on this path: the body went escaped, and reads back as written.
        #expect(tray.first.map { MarkupText.unescaped($0.body) } == Self.body, "\(tray)")
        #expect(run.file("doctor.txt").contains("FAIL posting:"), "\(run.file("doctor.txt"))")
        // The harness hides the entry with a Hidden=true file of its own: the fix is removing that file.
        #expect(
            run.file("doctor.txt").contains(try Regex(#"— fix: remove /\S+/applications/io\.github\.dailyquote\.DailyQuote\.desktop;"#)),
            "\(run.file("doctor.txt"))")
        let history = (run.json("history.json") as? [[String: Any]]) ?? []
        #expect(history.first?["path"] as? String == "holder", "\(run.file("history.json"))")
    }
}

extension GnomeNotificationsTests {
    @Test(
        "In the session's language (LANG=de_DE.UTF-8): GNOME shows the German title and buttons, and Another's replacement, posted by the bus-started action service, is German too"
    )
    func nativePathInSessionLanguage() throws {
        let run = try Self.run(
            "gnome-another-in-language.sh", ["Anderes Zitat", "Speichern"], installed: true,
            environment: TestLocales.environment(lang: "de_DE.UTF-8"))
        #expect(run.file("now.rc") == "0\n", "\(run.file("now.err")) \(run.output)")
        #expect(run.file("now.out").contains("an gnome-shell"), "\(run.file("now.out"))")
        let first = run.tray("tray-1.json")
        #expect(first.count == 1, "\(run.file("tray-1.json")) \(run.output)")
        #expect(first.first?.title == "Zitat des Tages")
        #expect(
            first.first?.buttons == ["Kopieren", "Speichern", "Anderes Zitat"] || first.first?.buttons == ["Speichern", "Anderes Zitat"],
            "\(first)")
        #expect(run.file("press-another.out").contains("pressed"), "\(run.file("press-another.out")) \(run.output)")
        let second = run.tray("tray-2.json")
        #expect(second.first?.title == "Zitat des Tages", "\(run.file("tray-2.json"))")
        #expect(second.first?.body != Self.body, "Another did not replace the quote: \(second)")
        #expect(second.first?.buttons.contains("Speichern") == true, "\(second)")
    }
}

extension GnomeNotificationsTests {
    @Test(
        "Save pressed on a GNOME notification whose quote the history no longer has (clear --state): nothing saved, and the notification says why, without buttons"
    )
    func pressAfterClear() throws {
        let run = try Self.run(
            "gnome-press-after-clear.sh", installed: true)
        #expect(run.file("now.rc") == "0\n", "\(run.file("now.err")) \(run.output)")
        #expect(run.file("clear.rc") == "0\n", "\(run.file("clear.out"))")
        #expect(run.file("press-save.out").contains("pressed"), "\(run.file("press-save.out")) \(run.output)")
        let tray = run.tray("tray-2.json")
        #expect(tray.count == 1, "\(run.file("tray-2.json")) \(run.output)")
        #expect(tray.first?.body == "Save: this quote's record was cleared (dailyquote clear), so nothing was done.", "\(tray)")
        #expect(tray.first?.buttons == [], "\(tray)")
        #expect(!run.file("data-files").contains("favorites.jsonl"), "\(run.file("data-files"))")
        #expect(run.file("done") == "done\n", "the script did not finish: \(run.output)")
    }
}
