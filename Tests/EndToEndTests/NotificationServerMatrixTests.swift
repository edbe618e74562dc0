import Foundation
import TestSupport
import Testing

/// The delivery stage against the eleven notification servers Debian 12's desktops ship (Cinnamon
/// and Budgie, servers ten and eleven, included), each headless on a private bus
/// (`with-notification-server.sh --server NAME`): the quote must arrive escaped exactly when the
/// server renders markup, and be shown exactly as written.
///
/// A server that is not installed fails its case (CI installs them all through scripts/install-deps).
/// Set `DQ_SCREENSHOT_DIR` to keep each case's screenshot as `NAME.png` there.
@Suite("Notification servers (Debian 12), headless", .serialized)
struct NotificationServerMatrixTests {
    static let servers = [
        "dunst", "xfce4-notifyd", "notification-daemon", "mate-notification-daemon", "lxqt-notificationd", "plasma", "gnome", "mako",
        "swaync", "cinnamon", "budgie",
    ]
    /// Servers with a read-back of what they hold (the others are checked by capture and screenshot).
    ///
    /// Cinnamon's is its shell's own objects (org.Cinnamon.Eval), Budgie's the popups' and Raven's
    /// labels in the accessibility tree.
    static let readBack: Set<String> = ["dunst", "xfce4-notifyd", "lxqt-notificationd", "mako", "cinnamon", "budgie"]
    /// Servers that draw the notification's icon from the icon theme, where the harness installs
    /// dailyquote's (dunst and mako look in their own icon paths only, and draw none).
    static let drawsIcon: Set<String> = Set(servers).subtracting(["dunst", "mako"])

    static let quote = #"3 < 5 && 7 > 2 — "quotes" & 'marks', it's 😀 and שלום עולם"#
    static let author = "O'Brien & <Søn>"
    /// The notification body as `notify` builds it, before any escaping.
    static let body = "\(quote)\n— \(author)"

    @Test(
        "notify --now and a due notify show the quote exactly (the desktop sees dailyquote's icon, no other file of its)",
        arguments: servers)
    func quoteReadsExactly(server: String) throws {
        let run = try Self.run(server: server)
        let file = run.file

        // Both posts succeeded, and exactly two notifications reached the server: two Notify calls,
        // or, where the second one could not replace the first in place (GNOME Shell refuses
        // another sender's id), a third call that shows the second again once the first is gone.
        #expect(file("now.rc") == "0\n", "notify --now: \(file("now.err")) \(run.output)")
        #expect(file("now.out").hasPrefix("posted "), "\(file("now.out"))")
        #expect(file("now.out").contains("(test, cache)"), "\(file("now.out"))")
        #expect(file("due.out").contains("(test, cache)"), "\(file("due.out"))")
        #expect(file("due.rc") == "0\n", "due notify: \(file("due.err"))")
        #expect(file("due.out").hasPrefix("posted "), "\(file("due.out"))")
        let posts = run.calls.count == 3 && run.calls[2].replaces != 0 ? Array(run.calls.prefix(2)) : run.calls
        #expect(posts.count == 2, "\(run.calls.map(\.body)) \(run.output)")
        #expect(run.calls.count == 2 || server == "gnome", "\(server): \(run.calls.count) calls")

        // (a) The Notify call: escaped exactly when the server advertises body-markup.
        let capabilities = file("capabilities").split(whereSeparator: { !($0.isLetter || $0 == "-") }).map(String.init)
        #expect(capabilities.contains("body"), "\(file("capabilities"))")
        let markup = capabilities.contains("body-markup")
        for call in run.calls {
            #expect(call.app == "dailyquote")
            #expect(call.summary == "Quote of the Day")
            if markup {
                #expect(call.body == Self.escaped(Self.body), "\(server): \(call.body)")
                #expect(MarkupText.unescaped(call.body) == Self.body)
            } else {
                #expect(call.body == Self.body, "\(server): \(call.body)")
            }
        }

        // (b) What the server holds, after its own markup parsing.
        if Self.readBack.contains(server) {
            let held = file("readback.jsonl").split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(!held.isEmpty, "\(server): nothing read back: \(file("readback.err"))")
            for entry in held {
                #expect(entry["text"] as? String == Self.body, "\(server) shows \(entry)")
                #expect(entry["summary"] as? String == "Quote of the Day")
            }
        }

        // (c) A screenshot that is not blank and changed when the quote came.
        let colours = Int(file("after.colours").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(colours > 16, "\(server): screenshot has \(colours) colours \(file("screenshot.err"))")
        let changed = Int(Double(file("changed").trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").first ?? "") ?? 0)
        #expect(changed > 500, "\(server): only \(changed) pixels changed after posting \(file("screenshot.err"))")
        // (d) dailyquote's icon, not a "missing image" placeholder: its tile's colour appeared
        // (Cinnamon's 24-pixel icon adds about 220 pixels of it, the 48-pixel ones about 1,000).
        if Self.drawsIcon.contains(server) {
            let icon = Int(file("icon-pixels").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            #expect(icon > 100, "\(server): \(icon) pixels of the icon's colour appeared \(file("screenshot.err"))")
        }
        if let keep = ProcessInfo.processInfo.environment["DQ_SCREENSHOT_DIR"], !keep.isEmpty {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: "\(keep)/\(server).png")
            try? FileManager.default.copyItem(atPath: run.work.url("after.png"), toPath: "\(keep)/\(server).png")
        }
    }

    @Test("Plasma with the package's KNotifications file (the desktop as users have it): the quote shows exactly, with dailyquote's icon")
    func plasmaWithKNotificationsFile() throws {
        let run = try Self.run(server: "plasma", appFiles: "icon knotifications")
        let file = run.file
        #expect(file("now.rc") == "0\n", "notify --now: \(file("now.err")) \(run.output)")
        #expect(file("due.rc") == "0\n", "due notify: \(file("due.err")) \(run.output)")
        #expect(run.calls.count == 2, "\(run.calls.map(\.body)) \(run.output)")
        for call in run.calls {
            // The hint that names the KNotifications file (knotifications5/dailyquote.notifyrc).
            #expect(call.hints["x-kde-appname"] == "dailyquote", "\(call.hints)")
            #expect(MarkupText.unescaped(call.body) == Self.body, "\(call.body)")
        }
        let changed = Int(Double(file("changed").trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").first ?? "") ?? 0)
        #expect(changed > 500, "only \(changed) pixels changed after posting \(file("screenshot.err"))")
        // A configurable application's notification: Plasma 5.27 draws the icon small, in the
        // heading beside the application's name (with a settings button), and none beside the
        // text: 73-83 pixels of the tile's colour were measured, where the large icon beside the
        // text, without the file, adds about 1,040 (docs/desktops.md).
        let icon = Int(file("icon-pixels").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(icon > 30 && icon < 500, "\(icon) pixels of the icon's colour appeared \(file("screenshot.err"))")
        if let keep = ProcessInfo.processInfo.environment["DQ_SCREENSHOT_DIR"], !keep.isEmpty {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: "\(keep)/plasma-knotifications.png")
            try? FileManager.default.copyItem(atPath: run.work.url("after.png"), toPath: "\(keep)/plasma-knotifications.png")
        }
    }

    /// A quote of the maximum accepted length (1,000 characters), markup characters included.
    static let longQuote: String = {
        let words = (1...200).map { $0 % 25 == 0 ? "a<b&c" : String(format: "w%03d", $0) }.joined(separator: " ")
        return String(words.prefix(999)) + "."
    }()

    @Test("A quote of the maximum accepted length posts and reads exactly", arguments: servers)
    func longestQuote(server: String) throws {
        #expect(Self.longQuote.count == 1000)
        let run = try Self.run(server: server, quote: Self.longQuote, author: "Long Author", full: false)
        let file = run.file
        #expect(file("now.rc") == "0\n", "notify --now: \(file("now.err")) \(run.output)")
        let call = try #require(run.calls.first, "no Notify call: \(run.output)")
        #expect(run.calls.count == 1)
        #expect(MarkupText.unescaped(call.body) == "\(Self.longQuote)\n— Long Author", "\(server): \(call.body)")
        if Self.readBack.contains(server) {
            let held = file("readback.jsonl").split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            #expect(held.count == 1, "\(server): \(file("readback.err"))")
            #expect(held.first?["text"] as? String == "\(Self.longQuote)\n— Long Author", "\(server) shows \(held)")
        }
    }

    /// One server's run: files in `work`, the captured Notify calls and the harness's output.
    struct Run {
        var work: TemporaryDirectory
        var calls: [NotificationSession.Call]
        var output: String
        var file: (String) -> String
    }

    /// Runs `notify --now` then a due `notify` on `server`, capturing, reading back and
    /// screenshotting into a work directory (Tests/TestSupport/Harness/desktop/matrix-post.sh).
    ///
    /// Not `full`: `notify --now` and the read-back only.
    /// `appFiles`: which of dailyquote's installed files the desktop sees (`NOTIFICATION_SERVER_APP_FILES`:
    /// "icon", "knotifications"), whatever the machine has installed.
    static func run(
        server: String, quote: String = quote, author: String = author, full: Bool = true, appFiles: String = "icon"
    ) throws -> Run {
        let sandbox = Sandbox()
        let work = TemporaryDirectory()
        let fetched = Int(Date().timeIntervalSince1970)
        let cache: [String: Any] = ["text": quote, "author": author, "source": "test", "fetchedAt": fetched]
        try sandbox.home.write(
            "cache/dailyquote/quote.json", String(decoding: try JSONSerialization.data(withJSONObject: cache), as: UTF8.self))
        // A delivery that was due a minute ago, caught up.
        let minuteAgo = WallClock.utcTime(offsetBy: -60)
        // The notification expires after 3 s where the server honours it: LXQt writes its
        // read-back list only for notifications that expired unattended.
        let config = try sandbox.config(
            "[delivery]\nhour = \(minuteAgo.hour)\nminute = \(minuteAgo.minute)\ntime_zone = \"UTC\"\ncatch_up = \"3h\"\n"
                + "[notification]\nexpire = \"\(server == "lxqt-notificationd" ? "3s" : "never")\"\n"
                // A quote longer than the default length (300 characters) is asked for, as a person would.
                + (quote.count > 300 ? "[quotes]\nmax_length = 1000\n" : ""))
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["CONFIG"] = config
        environment["PROBE"] = RepositoryPaths.support("notify_probe.py")
        environment["NOTIFICATION_SERVER_SHARE"] = work.path
        environment["NOTIFICATION_SERVER_APP_FILES"] = appFiles
        // The sandbox must outlive the run: its directories go when it is released.
        let result = try withExtendedLifetime(sandbox) {
            try ProcessRunner.run(
                RepositoryPaths.support("with-notification-server.sh"),
                ["--server", server, RepositoryPaths.support("desktop/matrix-post.sh"), full ? "full" : "now"], environment: environment)
        }
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        let calls = (try? JSONDecoder().decode([NotificationSession.Call].self, from: Data(file("calls.json").utf8))) ?? []
        return Run(
            work: work, calls: calls, output: "status \(result.status): \(result.stderr)\(file("script.err"))", file: file)
    }

    /// The spec's markup escaping, written out independently of `MarkupEscaper`.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
