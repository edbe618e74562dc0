import Foundation
import TestSupport
import Testing

/// The presence wait (`delivery.wait_for_presence`): python3-dbusmock's logind (a session whose
/// `LockedHint` flips) on a private system bus, its screensaver and a notification server with
/// Plasma's `Inhibited` property, on the harness's private session bus. Real short waits; the
/// day's instant is set with libfaketime, whose clock then runs on.
extension CommandLineTests {
    /// A planned delivery at 08:00 UTC; catch_up as given.
    static func presenceConfig(catchUp: String, wait: Bool? = nil) -> String {
        "[delivery]\nhour = 8\ncatch_up = \"\(catchUp)\"\n" + (wait.map { "wait_for_presence = \($0)\n" } ?? "")
    }

    /// Runs the scenario `cli/NAME` with `arguments` under the mock notification server (no
    /// `persistence`: no holder) and the presence mocks chosen by `mocks`, with `$DQ`, `$W`,
    /// `$PRESENCE`, `$CONFIG` (`config`) and the sandbox's environment
    /// (``MockNotificationServer/session(_:capabilities:harness:_:environment:presenceMocks:)``).
    static func presenceSession(
        _ sandbox: Sandbox, mocks: [String], harness name: String, _ arguments: [String] = [], config: String = ""
    ) throws -> (ProcessResult, (String) -> String) {
        try MockNotificationServer.session(
            sandbox, capabilities: "body body-markup", harness: name, arguments, environment: ["CONFIG": config], presenceMocks: mocks)
    }

    /// The history entries (`history --json`), or nil when it is not a JSON array of objects.
    static func entries(_ history: String) -> [[String: Any]]? {
        try? JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]]
    }

    /// The one history entry (as JSON), or nil.
    static func onlyEntry(_ history: String) -> [String: Any]? {
        guard let entries = entries(history), entries.count == 1 else { return nil }
        return entries[0]
    }

    @Test("Locked at the delivery, unlocked 2 s later: nothing is posted while locked, one post after the unlock, waitedSeconds ≈ 2")
    func presenceWaitsForUnlock() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h"))
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--logind"], harness: "presence-unlock.sh", config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("before") == "0\n", "posted while locked: \(file("err"))")
        #expect(file("still") == "0\n", "posted while locked: \(file("err"))")
        #expect(file("after") == "1\n", "\(file("err"))")
        #expect(file("status.txt").contains("waiting for you to unlock (since 08:00, until 09:00)"), "\(file("status.txt"))")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(file("status.json").utf8)) as? [String: Any])
        let waiting = try #require(status["waitingForPresence"] as? [String: Any], "\(file("status.json"))")
        #expect(waiting["reason"] as? String == "locked")
        #expect(waiting["since"] as? String == "2026-06-01T08:00:05+00:00")
        #expect(waiting["until"] as? String == "2026-06-01T09:00:00+00:00")
        #expect(!file("status-after.json").contains("waitingForPresence"), "the wait still shows after it ended")
        let entry = try #require(Self.onlyEntry(file("history.json")), "\(file("history.json"))")
        let waited = try #require(entry["waitedSeconds"] as? Int, "\(file("history.json"))")
        #expect((2...10).contains(waited), "waitedSeconds \(waited)")
        #expect(entry["presence"] == nil)
        #expect(entry["plannedAt"] as? Int == 1_780_300_800)
        #expect(file("out").hasPrefix("posted "), "\(file("out"))")
        #expect(file("history.txt").contains("(waited \(waited)s for you)"), "\(file("history.txt"))")
    }

    @Test("Locked all along: one post at the catch-up limit, marked \"presence\": \"timeout\"")
    func presenceTimesOut() throws {
        let sandbox = Sandbox()
        // catch_up "0" still allows the on-time grace of 60 s: the limit is 08:01:00, 3 s after the start.
        let config = try sandbox.config(Self.presenceConfig(catchUp: "0"))
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--logind"], harness: "presence-timeout.sh", config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("before") == "0\n")
        #expect(file("status.txt").contains("waiting for you to unlock (since 08:00, until 08:01)"), "\(file("status.txt"))")
        #expect(file("after") == "1\n", "\(file("err"))")
        #expect(file("after-again") == "1\n", "posted twice: \(file("again.out"))")
        let entry = try #require(Self.onlyEntry(file("history.json")), "\(file("history.json"))")
        #expect(entry["presence"] as? String == "timeout", "\(file("history.json"))")
        let waited = try #require(entry["waitedSeconds"] as? Int)
        #expect((2...10).contains(waited), "waitedSeconds \(waited)")
        #expect(file("out").contains("still away"), "\(file("out"))")
    }

    @Test("wait_for_presence = false: posted at once while locked, with no wait recorded")
    func presenceWaitDisabled() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h", wait: false))
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--logind", "--screensaver", "gnome"], harness: "presence-posts-at-once.sh", ["lock", "ss-on"], config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("after") == "1\n")
        let entry = try #require(Self.onlyEntry(file("history.json")), "\(file("history.json"))")
        #expect(entry["waitedSeconds"] == nil && entry["presence"] == nil, "\(file("history.json"))")
        #expect(file("doctor").contains("ok   presence: deliveries do not wait for you"), "\(file("doctor"))")
    }

    @Test("No logind, no screensaver, no Inhibited: posted at once; doctor says no signal is available")
    func presenceWithoutServices() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h"))
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: [], harness: "presence-posts-at-once.sh", config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("after") == "1\n")
        let entry = try #require(Self.onlyEntry(file("history.json")), "\(file("history.json"))")
        #expect(entry["waitedSeconds"] == nil, "\(file("history.json"))")
        #expect(
            file("doctor").contains(
                "ok   presence: no logind session; no screensaver interface; no Inhibited property on the notification server; "
                    + "nothing tells when you are away; deliveries post at once"), "\(file("doctor"))")
    }

    @Test("doctor names each available signal: logind's LockedHint, the screensaver, the server's Inhibited")
    func presenceDoctorListsSignals() throws {
        let sandbox = Sandbox()
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--logind", "--screensaver", "freedesktop", "--inhibition"], harness: "presence-doctor.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            file("doctor").contains(
                "ok   presence: logind LockedHint (/org/freedesktop/login1/session/c1); org.freedesktop.ScreenSaver.GetActive; "
                    + "the notification server's Inhibited; a delivery waits while you are away"), "\(file("doctor"))")
    }

    @Test("The screensaver (org.gnome.ScreenSaver, ActiveChanged) and Inhibited each hold a delivery until they clear")
    func presenceScreenSaverAndInhibition() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h"))
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--screensaver", "gnome", "--inhibition"], harness: "presence-screensaver-inhibition.sh", config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("before") == "0\n")
        #expect(file("inhibited") == "0\n", "posted while inhibited: \(file("err"))")
        #expect(file("status.txt").contains("waiting for you to unlock"), "\(file("status.txt"))")
        #expect(file("status-inhibited.txt").contains("waiting for do-not-disturb to end"), "\(file("status-inhibited.txt"))")
        #expect(file("after") == "1\n", "\(file("err"))")
        let entry = try #require(Self.onlyEntry(file("history.json")), "\(file("history.json"))")
        #expect((1...10).contains(entry["waitedSeconds"] as? Int ?? -1), "\(file("history.json"))")
        #expect(entry["presence"] == nil)
    }

    @Test("SIGTERM while waiting: exit 0, nothing posted, the delivery still due; after the unlock it is posted once")
    func presenceSigtermWhileWaiting() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h"))
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--logind"], harness: "presence-sigterm-waiting.sh", config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("after-term") == "0\n")
        #expect(file("out").contains("stopped while waiting"), "\(file("out"))")
        #expect(Self.entries(file("history-term.json"))?.isEmpty == true, "\(file("history-term.json"))")
        #expect(file("again.out").hasPrefix("posted "), "\(file("again.out"))")
        #expect(file("third.out").hasPrefix("nothing due"), "\(file("third.out"))")
        #expect(file("after") == "1\n")
    }

    @Test(
        "SIGTERM after the unlock, while another process holds the ledger's lock: exit 0, stopped while waiting, nothing posted"
    )
    func presenceSigtermAfterTheWait() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h") + "[notification]\ntimeout = \"20s\"\n")
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--logind"], harness: "presence-sigterm-after-wait.sh", config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("still-waiting").isEmpty, "the wait did not end at the unlock: \(file("err"))")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("out").contains("stopped while waiting"), "\(file("out")) \(file("err"))")
        #expect(file("after") == "0\n")
        #expect(Self.entries(file("history.json"))?.isEmpty == true, "\(file("history.json"))")
    }

    @Test("run: the scheduler waits for the unlock, posts once, and SIGTERM then stops it with status 0")
    func presenceUnderRun() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h"))
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--logind"], harness: "presence-run.sh", config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("before") == "0\n")
        #expect(file("after") == "1\n", "\(file("err"))")
        let entry = try #require(Self.onlyEntry(file("history.json")), "\(file("history.json"))")
        #expect((1...10).contains(entry["waitedSeconds"] as? Int ?? -1), "\(file("history.json"))")
    }

    @Test("run: SIGTERM during a presence wait stops the scheduler with status 0 and posts nothing")
    func presenceRunStopsWhileWaiting() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h"))
        let (result, file) = try Self.presenceSession(
            sandbox, mocks: ["--logind"], harness: "presence-run-stop.sh", config: config)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("status.txt").contains("waiting for you to unlock"), "\(file("status.txt"))")
        #expect(file("after") == "0\n", "\(file("err"))")
        #expect(file("err").contains("stopping"), "\(file("err"))")
    }

    @Test("Plasma's real Inhibited: a delivery waits while an application inhibits notifications, and posts once it stops")
    func presencePlasmaInhibited() throws {
        let sandbox = Sandbox()
        // No holder: the wait, not the hold, is under test.
        let config = try sandbox.config(Self.presenceConfig(catchUp: "1h") + "[notification]\nhold = \"0\"\n")
        let work = TemporaryDirectory()
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["CONFIG"] = config
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-notification-server.sh"),
            [
                "--server", "plasma", RepositoryPaths.support("with-presence-mocks.sh"),
                RepositoryPaths.support("cli/presence-plasma-inhibited.sh"),
            ],
            environment: environment)
        func file(_ name: String) -> String { (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc") == "0\n", "\(file("err"))")
        #expect(file("status.txt").contains("waiting for do-not-disturb to end (since 08:00, until 09:00)"), "\(file("status.txt"))")
        #expect(file("status.json").contains(#""reason" : "inhibited""#), "\(file("status.json"))")
        #expect(Self.entries(file("history-before.json"))?.isEmpty == true, "posted while inhibited: \(file("history-before.json"))")
        let entry = try #require(Self.onlyEntry(file("history.json")), "\(file("history.json")) \(file("err"))")
        #expect((1...10).contains(entry["waitedSeconds"] as? Int ?? -1), "\(file("history.json"))")
        #expect(entry["presence"] == nil)
        #expect(entry["server"] as? String == "Plasma", "\(file("history.json"))")
    }
}
