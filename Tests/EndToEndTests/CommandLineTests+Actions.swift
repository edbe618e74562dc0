import Foundation
import TestSupport
import Testing

/// The notification's buttons (`notification.actions`) and the favourites, against
/// python3-dbusmock's notification server, on which the test presses buttons
/// (`"$NOTIFICATION_SERVER" invoke ID ACTION` emits `ActionInvoked`).
extension CommandLineTests {
    @Test("Default buttons Copy and Save with the exact bus identifiers and labels; Save twice keeps one favourite")
    func saveTwice() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions", harness: "actions-save-twice.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(!file("pid").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "no holder answers the buttons")
        let calls = MockNotificationServer.notifyCalls(file("mock.log"))
        #expect(calls.count == 1)
        #expect(calls.first?.contains(#"["copy", "Copy", "save", "Save"]"#) == true, "\(calls)")
        let favorites = try #require(try JSONSerialization.jsonObject(with: Data(file("favorites.json").utf8)) as? [[String: Any]])
        #expect(favorites.count == 1, "\(file("favorites.json"))")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(favorites.first?["text"] as? String == history.first?["text"] as? String)
        #expect(favorites.first?["author"] as? String == history.first?["author"] as? String)
        // The source the history knows (the bundled collection here) is saved with it.
        #expect(favorites.first?["source"] as? String == "bundled", "\(file("favorites.json"))")
        #expect(history.first?["source"] as? String == "bundled")
        #expect(file("favorites-file").contains(#""source":"bundled""#), "\(file("favorites-file"))")
        #expect(favorites.first?["number"] as? Int == 1)
        #expect(history.first?["actions"] as? [String] == ["save", "save"], "\(file("history.json"))")
        #expect(file("history.txt").contains("(pressed: save, save)"), "\(file("history.txt"))")
        #expect(file("favorites.txt").hasPrefix("1. \""), "\(file("favorites.txt"))")
        let text = try #require(history.first?["text"] as? String)
        #expect(file("show.txt").hasPrefix(text + "\n"), "\(file("show.txt"))")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(file("status.json").utf8)) as? [String: Any])
        #expect((status["favorites"] as? [String: Any])?["count"] as? Int == 1, "\(file("status.json"))")
        #expect((status["lastNotification"] as? [String: Any])?["actions"] as? [String] == ["save", "save"], "\(file("status.json"))")
        #expect(file("status.txt").contains(try Regex(#"favourites: +1 \("#)), "\(file("status.txt"))")
    }

    @Test("Another replaces the notification in place: the same id, a different quote, recorded as another and not a day's delivery")
    func another() throws {
        let sandbox = Sandbox()
        try sandbox.home.write("config/dailyquote/config.toml", "[notification]\nactions = [\"another\", \"save\"]\n")
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions", harness: "actions-another.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        let calls = MockNotificationServer.notifyCalls(file("mock.log"))
        #expect(calls.count == 2, "\(file("mock.log"))")
        #expect(calls.first?.contains(#"["another", "Another quote", "save", "Save"]"#) == true, "\(calls)")
        // Notify's second argument is replaces_id: the first notification's id, 1.
        #expect(calls.last?.contains(#"Notify "dailyquote" 1 "#) == true, "\(calls)")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(history.count == 2, "\(file("history.json"))")
        let (first, second) = (history[0], history[1])
        #expect(first["notificationId"] as? Int == 1 && second["notificationId"] as? Int == 1)
        #expect(first["text"] as? String != second["text"] as? String)
        #expect(second["another"] as? Bool == true)
        #expect(second["now"] == nil)
        #expect(first["actions"] as? [String] == ["another"], "\(file("history.json"))")
        #expect(second["actions"] as? [String] == ["save"], "\(file("history.json"))")
        #expect(file("history.txt").contains("(another quote)"), "\(file("history.txt"))")
        let text = try #require(second["text"] as? String)
        #expect(calls.last?.contains(text) == true)
        let favorites = try #require(try JSONSerialization.jsonObject(with: Data(file("favorites.json").utf8)) as? [[String: Any]])
        #expect(favorites.map { $0["text"] as? String } == [text], "Save after Another saved the quote shown")
        #expect(!file("state.json").contains("lastPostedAt"), "an Another quote counted as a delivery: \(file("state.json"))")
    }

    @Test(
        "Copy with xclip or xsel under Xvfb: the clipboard holds “text” — author exactly, after notify and the holder are gone",
        arguments: ["xclip", "xsel"])
    func copyUnderXvfb(tool: String) throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions", harness: "actions-copy-x11.sh", [tool])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(file("holder-alive").isEmpty, "the holder did not end")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        let text = try #require(history.first?["text"] as? String)
        let author = try #require(history.first?["author"] as? String)
        #expect(file("clipboard") == "“\(text)” — \(author)", "\(file("clipboard.err"))")
        #expect(history.first?["actions"] as? [String] == ["copy"])
    }

    @Test(
        "A Copy that fails (wl-copy with no Wayland server to reach) is recorded as failed with its reason, in history, status and doctor"
    )
    func failedCopy() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions", harness: "actions-failed-copy.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(history.first?["actions"] as? [String] == ["copy"], "\(file("history.json"))")
        let failed = try #require(history.first?["failedActions"] as? [[String: Any]], "\(file("history.json"))")
        #expect(failed.first?["action"] as? String == "copy")
        #expect((failed.first?["reason"] as? String)?.hasPrefix("wl-copy exited with status 1") == true, "\(failed)")
        #expect(file("history.txt").contains("(copy failed: wl-copy exited with status 1"), "\(file("history.txt"))")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(file("status.json").utf8)) as? [String: Any])
        let last = try #require(status["lastNotification"] as? [String: Any], "\(file("status.json"))")
        #expect((last["failedActions"] as? [[String: Any]])?.first?["action"] as? String == "copy", "\(file("status.json"))")
        #expect(file("status.txt").contains("Copy failed: wl-copy exited with status 1"), "\(file("status.txt"))")
        #expect(file("doctor.txt").contains("buttons: Copy failed: wl-copy exited with status 1"), "\(file("doctor.txt"))")
        #expect(file("doctor.rc") != "0\n", "\(file("doctor.txt"))")
    }

    @Test(
        "A clipboard tool that never returns is ended with what it forked: Copy is recorded failed within 5 s, and Save pressed after it is answered"
    )
    func hungCopy() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions", harness: "actions-hung-copy.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        let milliseconds = try #require(Int(file("copy-ms").trimmingCharacters(in: .whitespacesAndNewlines)), "\(file("copy-ms"))")
        #expect(milliseconds < 5000, "the Copy press was recorded after \(milliseconds) ms")
        #expect(file("fake-alive").isEmpty, "still running after the press was recorded: \(file("fake-alive"))")
        #expect(file("holder-alive") == "alive\n", "the holder did not go on holding")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(history.first?["actions"] as? [String] == ["copy", "save"], "\(file("history.json"))")
        let failed = try #require(history.first?["failedActions"] as? [[String: Any]], "\(file("history.json"))")
        #expect(failed.map { $0["action"] as? String } == ["copy"], "\(failed)")
        #expect((failed.first?["reason"] as? String)?.hasPrefix("wl-copy did not return within 3 s and was ended") == true, "\(failed)")
    }

    @Test(
        "doctor says which clipboard tool Copy takes in this session, and why",
        arguments: [
            (
                ["wl-copy", "xclip"], ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":1"],
                "wl-copy (Wayland session: WAYLAND_DISPLAY=wayland-1)"
            ),
            (["wl-copy", "xclip"], ["DISPLAY": ":1"], "xclip (X11: DISPLAY=:1)"),
            (
                ["xsel"], ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"],
                "xsel (Wayland session without wl-copy: through Xwayland, DISPLAY=:0; install wl-clipboard)"
            ),
            (["wl-copy"], ["DISPLAY": ":1"], "wl-copy (no display it can reach in this session: Copy fails here)"),
        ])
    func doctorClipboardRoute(tools: [String], display: [String: String], route: String) throws {
        let sandbox = Sandbox()
        let bin = TemporaryDirectory()
        // Never run: doctor only finds them.
        for tool in tools { _ = try bin.writeExecutable(tool, "#!/bin/sh\nexit 1\n") }
        sandbox.extraEnvironment = display.merging(["PATH": bin.path]) { $1 }
        let doctor = try sandbox.run(["doctor", "--offline"])
        #expect(doctor.stdout.contains("ok   clipboard: \(route)\n"), "\(doctor.stdout)")
    }

    @Test("Without a clipboard tool Copy is not offered, and doctor names the package")
    func noClipboardTool() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions", harness: "actions-no-clipboard.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        let calls = MockNotificationServer.notifyCalls(file("mock.log"))
        #expect(calls.first?.contains(#"["save", "Save"]"#) == true, "\(calls)")
        #expect(file("doctor.txt").contains("wl-clipboard"), "\(file("doctor.txt"))")
        #expect(file("doctor.txt").contains("xclip"), "\(file("doctor.txt"))")
    }

    @Test("favorites: --remove N removes one; a number not in the list is a usage error (64); none listed is not an error")
    func favoritesCommand() throws {
        let sandbox = Sandbox()
        let empty = try sandbox.run(["favorites", "--json"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [Any])?.isEmpty == true, "\(empty.stdout)")
        let none = try sandbox.run(["favorites"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("no favourites yet"), "\(none.stderr)")
        let noFavorite = try sandbox.run(["show", "--favorite"])
        #expect(noFavorite.status == 1 && noFavorite.stdout.isEmpty, "\(noFavorite.status)")
        #expect(noFavorite.stderr.contains("no favourites saved yet"), "\(noFavorite.stderr)")
        #expect(!noFavorite.stderr.contains("Fatal error"))
        let lines = [
            #"{"author":"A","savedAt":1,"text":"One."}"#, "not json", #"{"author":"","savedAt":2,"text":"Two."}"#,
            #"{"author":"C","savedAt":3,"text":"Three."}"#,
        ]
        try sandbox.home.write(".local/share/dailyquote/favorites.jsonl", lines.joined(separator: "\n") + "\n")
        let listed = try sandbox.run(["favorites"])
        #expect(listed.status == 0)
        #expect(listed.stdout.hasPrefix("1. \"One.\" — A  (saved "), "\(listed.stdout)")
        #expect(listed.stdout.contains("\n2. \"Two.\"  (saved "), "\(listed.stdout)")
        #expect(listed.stderr.contains("favorites.jsonl:2:"), "the damaged line is not reported: \(listed.stderr)")
        for bad in ["4", "0", "-2", "x"] {
            let result = try sandbox.run(["favorites", "--remove", bad])
            #expect(result.status == 64, "--remove \(bad): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("--remove"), "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
        let removed = try sandbox.run(["favorites", "--remove", "2"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let after = try sandbox.run(["favorites", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["text"] as? String } == ["One.", "Three."])
        #expect(objects.map { $0["number"] as? Int } == [1, 2])
        let kept = try String(contentsOfFile: sandbox.home.url(".local/share/dailyquote/favorites.jsonl"), encoding: .utf8)
        #expect(kept.contains("not json\n"), "the damaged line was lost")
        let shown = try sandbox.run(["show", "--favorite"])
        #expect(shown.status == 0 && ["One.\n— A\n", "Three.\n— C\n"].contains(shown.stdout), "\(shown.stdout)")
    }

    @Test(
        "favorites: a hand-edited line without author, or with null, is a quote without one; --json leaves author out, and takes the source from the history where the line lacks it"
    )
    func favoritesWithoutAuthor() throws {
        let sandbox = Sandbox()
        let lines = [
            #"{"savedAt":10,"text":"No author key."}"#, #"{"author":null,"savedAt":11,"text":"A null author."}"#,
            #"{"author":"Seneca","savedAt":12,"text":"Saved before sources were recorded."}"#,
        ]
        try sandbox.home.write(".local/share/dailyquote/favorites.jsonl", lines.joined(separator: "\n") + "\n")
        // The history knows where the third came from.
        try sandbox.home.write(
            "state/dailyquote/history.jsonl",
            #"{"author":"Seneca","posted":"1970-01-01T00:00:05+00:00","postedAt":5,"reason":"cache","server":"dunst","source":"fortune","text":"Saved before sources were recorded."}"#
                + "\n")
        let listed = try sandbox.run(["favorites"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(!listed.stderr.contains("not a saved quote"), "\(listed.stderr)")
        #expect(listed.stdout.hasPrefix("1. \"No author key.\"  (saved "), "\(listed.stdout)")
        #expect(listed.stdout.contains("\n2. \"A null author.\"  (saved "), "\(listed.stdout)")
        let json = try sandbox.run(["favorites", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout)")
        try #require(objects.map { $0["text"] as? String } == ["No author key.", "A null author.", "Saved before sources were recorded."])
        #expect(objects[0]["author"] == nil && objects[1]["author"] == nil, "\(json.stdout)")
        #expect(objects[2]["author"] as? String == "Seneca")
        #expect(objects.map { $0["source"] as? String } == [nil, nil, "fortune"], "\(json.stdout)")
        let removed = try sandbox.run(["favorites", "--remove", "1"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let shown = try sandbox.run(["show", "--favorite"])
        #expect(shown.status == 0, "\(shown.stderr)")
    }

    @Test("An unknown action in the config is exit 78 naming the file, line and key, with the closest action")
    func unknownActionInConfig() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[notification]\ntitle = \"Q\"\nactions = [\"save\", \"copyy\"]\n")
        let result = try sandbox.run(["notify", "--config", config, "--dry-run"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("\(config):3"), "\(result.stderr)")
        #expect(result.stderr.contains("notification.actions"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean \"copy\"?"), "\(result.stderr)")
    }

    @Test("Completions offer the favorites command and its options")
    func favoritesCompletion() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try Sandbox().run(["--generate-completion-script", shell])
            #expect(result.status == 0)
            #expect(result.stdout.contains("favorites"), "\(shell)")
            #expect(result.stdout.contains("remove"), "\(shell)")
        }
    }
}

extension CommandLineTests {
    @Test(
        "On dunst, a real server: its context menu (dunstctl action) presses Copy and Save; the clipboard and the favourites hold the quote"
    )
    func buttonsOnDunst() throws {
        let sandbox = Sandbox()
        let work = TemporaryDirectory()
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-notification-server.sh"), ["--server", "dunst", RepositoryPaths.support("cli/dunst-buttons.sh")],
            environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now1.rc") == "0\n", "\(file("now1.err"))")
        #expect(!file("pid1").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "no holder on dunst, which shows actions")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(history.count == 2, "\(file("history.json"))")
        #expect(history.map { $0["actions"] as? [String] } == [["copy"], ["save"]], "\(file("history.json"))")
        let first = try #require(history.first)
        #expect(
            file("clipboard") == "“\(first["text"] as? String ?? "")” — \(first["author"] as? String ?? "")", "\(file("clipboard.err"))")
        let favorites = try #require(try JSONSerialization.jsonObject(with: Data(file("favorites.json").utf8)) as? [[String: Any]])
        #expect(favorites.count == 1)
        #expect(favorites.first?["text"] as? String == history.last?["text"] as? String)
    }
}
