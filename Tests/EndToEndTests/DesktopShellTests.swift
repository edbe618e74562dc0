import Foundation
import TestSupport
import Testing

/// Cinnamon 5.6.8 and Budgie 10.7.1, the matrix's servers ten and eleven.
///
/// Buttons pressed through the server's own widgets (`"$NOTIFICATION_SERVER" press LABEL`:
/// org.Cinnamon.Eval on Cinnamon, the accessibility tree on Budgie), and what `history` records
/// of how the held notification ended there. The quirks behind each expectation are in
/// docs/desktops.md.
@Suite("Cinnamon and Budgie: buttons through the server, and what history records", .serialized)
struct DesktopShellTests {
    static func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The notification body of a history entry, as `notify` builds it.
    static func body(_ entry: [String: Any]) -> String {
        let text = entry["text"] as? String ?? ""
        guard let author = entry["author"] as? String, !author.isEmpty else { return text }
        return "\(text)\n— \(author)"
    }

    /// The `NotificationClosed` reasons in a dbus-monitor capture, by notification id.
    static func closedSignals(_ capture: String) -> [(id: Int, reason: Int)] {
        let lines = capture.components(separatedBy: "\n")
        var found: [(Int, Int)] = []
        for (index, line) in lines.enumerated() where line.contains("member=NotificationClosed") && index + 2 < lines.count {
            let numbers = lines[(index + 1)...(index + 2)].compactMap {
                Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ").last ?? "")
            }
            if numbers.count == 2 { found.append((numbers[0], numbers[1])) }
        }
        return found
    }

    // MARK: Cinnamon

    @Test(
        "Cinnamon: Copy and Save pressed in the shell reach dailyquote; the notification stays with its buttons, held, until cleared: dismissed"
    )
    func cinnamonButtonsAndKeeping() throws {
        let sandbox = Sandbox()
        let (result, file) = try DesktopShell.session(
            "cinnamon", sandbox, "cinnamon-buttons.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        let pid = file("pid").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!pid.isEmpty, "no holder on Cinnamon, which has persistence and actions")
        #expect(file("press.err").isEmpty, "\(file("press.err"))")
        let kept = try DesktopShell.history(file("history-kept.json"))
        let entry = try #require(kept.first)
        #expect(entry["actions"] as? [String] == ["copy", "save"], "\(file("history-kept.json"))")
        #expect(
            file("clipboard") == "“\(entry["text"] as? String ?? "")” — \(entry["author"] as? String ?? "")", "\(file("clipboard.err"))")
        let favorites = try DesktopShell.history(file("favorites.json"))
        #expect(favorites.count == 1 && favorites.first?["text"] as? String == entry["text"] as? String, "\(file("favorites.json"))")
        // Kept: in the applet, buttons and all, the quote exactly; the holder still holds it; nothing closed it.
        let held = Self.jsonLines(file("readback.jsonl"))
        #expect(held.count == 1, "\(file("readback.jsonl")) \(file("readback.err"))")
        #expect(held.first?["where"] as? String == "applet", "\(held)")
        #expect(held.first?["text"] as? String == Self.body(entry), "\(held)")
        #expect(held.first?["buttons"] as? [String] == ["Copy", "Save"], "\(held)")
        #expect(file("pid-kept").trimmingCharacters(in: .whitespacesAndNewlines) == pid, "the holder let go: \(file("pid-kept"))")
        #expect(entry["closedReason"] == nil && entry["closedAt"] == nil, "\(file("history-kept.json"))")
        #expect(Self.closedSignals(file("signals.txt")).count == 1, "\(file("signals.txt"))")
        // "Clear notifications" in the applet: reason 2, dismissed, and the holder ends.
        #expect(file("clear.err").isEmpty, "\(file("clear.err"))")
        #expect(file("pid-after").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the holder did not end")
        let after = try DesktopShell.history(file("history.json"))
        #expect(after.first?["closedReason"] as? String == "dismissed", "\(file("history.json"))")
        #expect(file("history.txt").contains("(dismissed "), "\(file("history.txt"))")
    }

    @Test("Cinnamon: its close button (×) sends reason 0, not in the spec: history records when, and no reason it cannot know")
    func cinnamonCloseButton() throws {
        let sandbox = Sandbox()
        let (result, file) = try DesktopShell.session(
            "cinnamon", sandbox, "cinnamon-close.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(!file("pid").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(file("dismiss.err").isEmpty, "\(file("dismiss.err"))")
        #expect(file("pid-after").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the holder did not end")
        #expect(file("readback.jsonl").isEmpty, "still held: \(file("readback.jsonl"))")
        // Cinnamon 5.6.8 binds the button's "clicked" to destroy(), so the button actor arrives
        // as the destroy reason, which maps to no NotificationClosed reason: 0 goes out.
        #expect(Self.closedSignals(file("signals.txt")).map(\.reason) == [0], "\(file("signals.txt"))")
        let entry = try #require(try DesktopShell.history(file("history.json")).first)
        #expect(entry["closedAt"] is Int, "the close is not recorded: \(file("history.json"))")
        // 0 is no reason the spec defines: recorded as none, or as dismissed (a person pressed ×);
        // never as expired or closed by the application.
        let reason = entry["closedReason"] as? String
        #expect(reason == nil || reason == "dismissed", "\(file("history.json"))")
    }

    // MARK: Budgie

    @Test("Budgie: the popup closes after 6 s with reason 1 and Raven keeps it; history records it as expired")
    func budgieExpiry() throws {
        let sandbox = Sandbox()
        let (result, file) = try DesktopShell.session(
            "budgie", sandbox, "budgie-expiry.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(!file("pid").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "no holder on Budgie, which has actions")
        let entry = try #require(try DesktopShell.history(file("history.json")).first)
        // The popup, with its buttons, showed the quote exactly.
        let popup = Self.jsonLines(file("popup.jsonl"))
        #expect(
            popup.count == 1 && popup.first?["source"] as? String == "budgie-daemon popup (AT-SPI)",
            "\(file("popup.jsonl")) \(file("popup.err"))")
        #expect(popup.first?["text"] as? String == Self.body(entry), "\(popup)")
        #expect(popup.first?["buttons"] as? [String] == ["Copy", "Save"], "\(popup)")
        // Expired, not seen nor dismissed: NotificationClosed reason 1, after Budgie's 6 s.
        #expect(Self.closedSignals(file("signals.txt")).map(\.reason) == [1], "\(file("signals.txt"))")
        #expect(entry["closedReason"] as? String == "expired", "\(file("history.json"))")
        #expect(file("history.txt").contains("(expired "), "\(file("history.txt"))")
        if let posted = entry["postedAt"] as? Int, let closed = entry["closedAt"] as? Int {
            #expect((4...60).contains(closed - posted), "closed \(closed - posted) s after posting")
        } else {
            Issue.record("no postedAt or closedAt: \(file("history.json"))")
        }
        #expect(file("pid-after").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the holder did not end")
        // Raven keeps it, without buttons (a press there could reach no one: the holder is gone).
        #expect(file("raven-count") == "(uint32 1,)\n", "\(file("raven-count"))")
        let raven = Self.jsonLines(file("raven.jsonl"))
        #expect(raven.count == 1 && raven.first?["source"] as? String == "Raven (AT-SPI)", "\(file("raven.jsonl")) \(file("raven.err"))")
        #expect(raven.first?["text"] as? String == Self.body(entry), "\(raven)")
        #expect(raven.first?["buttons"] as? [String] == [], "\(raven)")
    }

    @Test(
        "Budgie: Save pressed in the popup reaches dailyquote; the popup goes without NotificationClosed, the holder lets go, nothing records it as expired"
    )
    func budgieSave() throws {
        let sandbox = Sandbox()
        // Budgie's longest timeout, 12 s: time to press on a loaded machine.
        try sandbox.home.write("config/dailyquote/config.toml", "[notification]\nexpire = \"12s\"\n")
        let (result, file) = try DesktopShell.session(
            "budgie", sandbox, "budgie-save.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(file("press.err").isEmpty, "\(file("press.err"))")
        let entry = try #require(try DesktopShell.history(file("history.json")).first)
        #expect(entry["actions"] as? [String] == ["save"], "\(file("history.json"))")
        let favorites = try DesktopShell.history(file("favorites.json"))
        #expect(favorites.count == 1 && favorites.first?["text"] as? String == entry["text"] as? String, "\(file("favorites.json"))")
        // Budgie 10.7.1 destroys the popup on any press (it ignores `resident`) and sends no
        // NotificationClosed for it; Raven stores expired popups only.
        #expect(file("readback.jsonl").isEmpty, "\(file("readback.jsonl"))")
        #expect(Self.closedSignals(file("signals.txt")).isEmpty, "\(file("signals.txt"))")
        #expect(file("raven-count") == "(uint32 0,)\n", "\(file("raven-count"))")
        #expect(entry["closedReason"] as? String != "expired", "\(file("history.json"))")
        // Nothing is left to hold after the press: the holder lets go.
        #expect(file("holder") == "None\n", "the holder still holds a popup Budgie took away: \(file("holder"))")
    }

    // MARK: Another quote, on both

    @Test(
        "Another quote pressed through the server: the new quote shows in place of the old",
        arguments: ["cinnamon", "budgie"])
    func another(server: String) throws {
        let sandbox = Sandbox()
        try sandbox.home.write("config/dailyquote/config.toml", "[notification]\nactions = [\"another\", \"save\"]\nexpire = \"12s\"\n")
        let (result, file) = try DesktopShell.session(
            server, sandbox, "another-quote.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(file("press.err").isEmpty, "\(file("press.err"))")
        let history = try DesktopShell.history(file("history.json"))
        #expect(history.count == 2, "\(file("history.json"))")
        #expect(history.first?["actions"] as? [String] == ["another"], "\(file("history.json"))")
        let second = try #require(history.last)
        #expect(second["another"] as? Bool == true)
        // Budgie 10.7.1 destroys a popup 250 ms after any press but keeps it as the popup of its
        // id, so a Notify that replaced that id would be drawn into a window that is gone: the
        // holder posts the Another quote there as a new popup (replaces_id 0), under its new id.
        let shown = Self.jsonLines(file("readback.jsonl"))
        #expect(shown.map { $0["text"] as? String } == [Self.body(second)], "\(server) shows \(shown) \(file("readback.err"))")
        if server == "budgie" {
            #expect(second["notificationId"] as? Int != history.first?["notificationId"] as? Int, "\(file("history.json"))")
        } else {
            #expect(second["notificationId"] as? Int == history.first?["notificationId"] as? Int, "\(file("history.json"))")
        }
    }
}
