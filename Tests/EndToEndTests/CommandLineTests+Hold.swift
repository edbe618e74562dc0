import Foundation
import TestSupport
import Testing

/// The holder (`notification.hold`): a small process that `notify` leaves behind to keep the
/// notification on servers that keep notifications (`persistence`), against python3-dbusmock's
/// notification server, whose capabilities the test chooses and which closes notifications on demand.
extension CommandLineTests {
    @Test("On a server with persistence, notify exits at once and a holder keeps the notification until the server closes it")
    func holderKeepsUntilClosed() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body body-markup persistence", harness: "hold-until-closed.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        #expect(file("now.out").hasPrefix("posted "))
        #expect(file("alive") == "alive\n", "no live holder: \(file("now.err"))")
        #expect(file("status.txt").contains("holding:"), "\(file("status.txt"))")
        #expect(file("pid-after").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "the holder did not end")
        #expect(file("notify-count") == "1\n")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["closedReason"] as? String == "dismissed", "\(file("history.json"))")
        #expect(entries.first?["closedAt"] is Int)
        #expect(file("history.txt").contains("(dismissed "), "\(file("history.txt"))")
    }

    @Test("The holder keeps no caller's pipe open: `notify --now 2>&1 | cat` ends while it holds; a file and the journal stream it shares")
    func holderLeavesStandardError() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body body-markup persistence", harness: "hold-standard-error.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("piped.rc") == "0\n", "the pipe waited for the holder: \(file("piped.out"))")
        #expect(file("piped.out").hasPrefix("posted "), "\(file("piped.out"))")
        #expect(file("alive") == "alive\n", "no live holder: \(file("piped.out"))")
        #expect(file("stderr-link") == "/dev/null\n")
        #expect(file("file-link").hasSuffix("/file.err\n"), "\(file("file-link"))")
        #expect(file("journal-link").hasSuffix("/journal\n"), "\(file("journal-link"))")
    }

    @Test(
        "The next delivery is a new notification, never the held one replaced in place: the old holder closes its own, recorded as replaced"
    )
    func nextDeliveryReplaces() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body body-markup persistence actions", harness: "hold-next-replaces.sh")
        #expect(result.status == 0, "\(result.stderr)")
        let pids = file("pids").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pids.count == 2 && pids[0] != pids[1] && !pids[0].isEmpty, "\(file("pids")) \(file("err1")) \(file("err2"))")
        #expect(file("closed-first") == "1\n", "the first holder did not close its notification")
        #expect(file("in-place") == "0\n", "the second Notify replaced the first in place (replaces_id 1)")
        #expect(file("first-alive").isEmpty, "the first holder did not end")
        #expect(file("pid-after").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "SIGTERM did not end the holder")
        #expect(file("notify-count") == "2\n", "a holder posted again")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(entries.map { $0["closedReason"] as? String } == ["replaced", nil], "\(file("history.json"))")
    }

    @Test(
        "notify's holder is a copy of notify, not a new program: it reads `<notify's argv[0]> hold`, keeps none of notify's descriptors, and the next delivery replaces it"
    )
    func holderIsForked() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body body-markup persistence actions", harness: "hold-forked.sh")
        #expect(result.status == 0, "\(result.stderr)")
        let words = file("cmdline").split(separator: "\n")
        #expect(
            words.count == 2 && words.first?.hasSuffix("/dailyquote-link") == true && words.last == "hold",
            "\(file("cmdline")) \(file("err1"))")
        #expect(!file("fds").contains("/extra"), "the holder kept notify's descriptor: \(file("fds"))")
        #expect(!file("fds").contains("/lock"), "the holder kept notify's lock: \(file("fds"))")
        let pids = file("pids").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pids.count == 2 && pids[0] != pids[1] && !pids[0].isEmpty, "\(file("pids")) \(file("err2"))")
        #expect(file("first-alive").isEmpty, "the next delivery did not end the forked holder")
    }

    @Test("SIGTERM ends a holding `dailyquote hold` with status 0, its notification closed and nothing posted twice")
    func holderStopsCalmly() throws {
        let sandbox = Sandbox()
        let until = Int(Date().timeIntervalSince1970) + 600
        let request =
            #"{"notification":{"appName":"dailyquote","summary":"Quote of the Day","body":"3 < 5 && 7 > 2","icon":"dailyquote","#
            + #""urgency":"normal","expireMilliseconds":-1,"desktopEntry":"dailyquote"},"until":\#(until)}"#
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body persistence", harness: "hold-stop.sh", environment: ["REQUEST": request])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("reply").contains("\"holding\":true"), "\(file("reply")) \(file("hold.err"))")
        #expect(file("status") == "0\n", "\(file("hold.err"))")
        #expect(file("notify-count") == "1\n")
        #expect(file("close-count") == "1\n")
    }

    @Test(
        "No holder and no buttons where none is needed: a server without persistence or without actions, hold = \"0\", or actions = []",
        arguments: [
            ("body body-markup", ""), ("body body-markup persistence actions", "[notification]\nhold = \"0\"\n"), ("body", ""),
            ("body actions", "[notification]\nactions = []\n"),
        ])
    func noHolderNoButtons(capabilities: String, config: String) throws {
        let sandbox = Sandbox()
        try sandbox.home.write("config/dailyquote/config.toml", config)
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: capabilities, harness: "notify-no-holder.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.out"))")
        #expect(file("pid").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(!file("state-files").contains("hold"), "a holder ran: \(file("state-files"))")
        let calls = MockNotificationServer.notifyCalls(file("mock.log"))
        #expect(calls.count == 1 && calls.first?.contains(" [] {") == true, "\(calls)")
    }
}
