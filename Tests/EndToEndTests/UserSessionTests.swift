import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// `install` in a real user session (Tests/TestSupport/Harness/with-user-session.sh): a systemd user
/// manager fires the generated timers, and dunst receives the quote.
@Suite("dailyquote in a real systemd user session", .serialized, .enabled(if: getuid() == 0, "the session harness needs root"))
struct UserSessionTests {
    /// The Unix time of the next whole minute at least `margin` seconds away.
    static func nextMinute(margin: Double) -> Double {
        let now = Date().timeIntervalSince1970
        return ((now + margin) / 60).rounded(.up) * 60
    }

    /// A config delivering at `instant` (UTC), fetching from a file that does not exist, so
    /// the bundled collection stands in and nothing leaves the machine.
    static func config(at instant: Double) -> String {
        // UTC has no leap seconds in Unix time: every day is 86,400 s.
        let seconds = Int(instant.rounded(.down))
        return "[delivery]\nhour = \(seconds / 3600 % 24)\nminute = \(seconds / 60 % 60)\n[refresh]\nlead = \"0\"\n"
            + "[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n"
    }

    @Test("The notify timer posts on time; after the manager was down over a planned instant, Persistent= posts once")
    func timersDeliver() throws {
        let sandbox = Sandbox()
        let configPath = sandbox.home.url("config/dailyquote/config.toml")
        let first = Self.nextMinute(margin: 20)
        _ = try sandbox.home.write("config/dailyquote/config.toml", Self.config(at: first))
        let work = TemporaryDirectory()
        let second = first + 60
        try Self.config(at: second).write(toFile: work.url("second.toml"), atomically: true, encoding: .utf8)
        let history = sandbox.home.url("state/dailyquote/history.jsonl")
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["PROBE"] = RepositoryPaths.support("notify_probe.py")
        environment["HISTORY"] = history
        environment["CONFIG_FILE"] = configPath
        environment["SECOND"] = "\(Int(second))"
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/timers-deliver.sh")],
            environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        let context = "\(result.stderr) install: \(file("install1.out")) \(file("install2.out"))"
        #expect(result.status == 0, "\(context)")
        #expect(file("install1.rc") == "0\n", "\(context)")
        #expect(file("install1.out").contains("timers enabled and started"))

        let seen1 = try #require(Double(file("seen1").trimmingCharacters(in: .whitespacesAndNewlines)), "\(context)")
        print("user session: the quote was recorded \(String(format: "%.3f", seen1 - first)) s after the planned instant")
        // Punctuality: the Notify call as dbus-monitor stamped it. The goal is 100 ms (the
        // distribution is in docs/BENCHMARKS.md); the bound here leaves room for a loaded
        // machine, and still fails with the old AccuracySec=1s (0.9-1.07 s late).
        let firstCall = try #require(
            ((try? JSONSerialization.jsonObject(with: Data(file("calls1.json").utf8))) as? [[String: Any]])?.first?["time"] as? Double,
            "\(file("calls1.json"))")
        let lateness = firstCall - first
        print("user session: the Notify call came \(Int((lateness * 1000).rounded())) ms after the planned instant")
        #expect(lateness >= 0 && lateness < 0.5, "late by \(lateness) s; \(file("service1")) \(context)")
        #expect(file("history1.json").contains("Quote of the Day"), "dunst history: \(file("history1.json"))")

        #expect(file("doctor.rc") == "0\n", "\(file("doctor.out"))")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(file("status.json").utf8)) as? [String: Any])
        let engine = try #require(status["engine"] as? [String: Any])
        #expect(engine["timersEnabled"] as? Bool == true)
        #expect(engine["unitsInSync"] as? Bool == true)
        #expect((status["lastDelivery"] as? [String: Any])?["source"] as? String == "bundled")

        #expect(file("install2.rc") == "0\n", "\(context)")
        #expect(file("early").isEmpty)
        let seen2 = try #require(Double(file("seen2").trimmingCharacters(in: .whitespacesAndNewlines)), "no catch-up: \(context)")
        print("user session: Persistent= caught up \(String(format: "%.1f", seen2 - second)) s after the missed instant")
        #expect(file("count2").trimmingCharacters(in: .whitespaces) == "1\n")
        // The Notify calls on the bus: one for the first delivery, then exactly one more.
        let calls = { (name: String) -> [String] in
            let list = (try? JSONSerialization.jsonObject(with: Data(file(name).utf8))) as? [[String: Any]] ?? []
            return list.compactMap { $0["summary"] as? String }
        }
        #expect(calls("calls1.json") == ["Quote of the Day"], "\(file("calls1.json"))")
        #expect(calls("calls2.json") == ["Quote of the Day", "Quote of the Day"], "\(file("calls2.json"))")
    }

    @Test("A holder never blocks a later delivery: it runs in a scope of its own, and the next delivery replaces it")
    func holderDoesNotBlockTheNextDelivery() throws {
        let sandbox = Sandbox()
        let configPath = sandbox.home.url("config/dailyquote/config.toml")
        let first = Self.nextMinute(margin: 20)
        _ = try sandbox.home.write("config/dailyquote/config.toml", Self.config(at: first))
        let work = TemporaryDirectory()
        try Self.config(at: first + 60).write(toFile: work.url("second.toml"), atomically: true, encoding: .utf8)
        let state = sandbox.home.url("state/dailyquote")
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["USER_SESSION_MOCK_CAPABILITIES"] = "body body-markup persistence"
        environment["STATE"] = state
        environment["CONFIG_FILE"] = configPath
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/holder-replaced.sh")],
            environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        let context = "\(result.stderr) \(file("install1.out")) \(file("install2.out"))"
        #expect(result.status == 0, "\(context)")
        #expect(file("service1") == "Result=success\nActiveState=inactive\n", "the notify unit still runs: \(file("service1"))")
        #expect(!file("pid1").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "no holder after the first delivery: \(context)")
        #expect(file("cgroup1").contains("/dailyquote-hold-"), "the holder is not in a scope of its own: \(file("cgroup1"))")
        #expect(!file("cgroup1").contains("dailyquote-notify.service"))
        #expect(file("notify-count") == "2\n", "the second delivery did not come: \(context)")
        #expect(file("service2") == "Result=success\nActiveState=inactive\n", "\(file("service2"))")
        let second = file("pid2").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!second.isEmpty && second != file("pid1").trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(file("pid1-alive").isEmpty, "the first holder outlived its replacement")
        #expect(file("closed").contains("\"reason\":\"replaced\""), "\(file("closed"))")
    }
}
