import Foundation
import TestSupport
import Testing

/// The presence wait under the generated units: `notify` waits in the foreground of its
/// service, past the start timeout the units had before the wait existed (40 s).
extension UserSessionTests {
    @Test("Under the timers, notify waits for the unlock in its service (activating, past 40 s), then posts once and ends cleanly")
    func presenceWaitUnderTheTimers() throws {
        let sandbox = Sandbox()
        let first = Self.nextMinute(margin: 20)
        _ = try sandbox.home.write("config/dailyquote/config.toml", Self.config(at: first))
        let work = TemporaryDirectory()
        let history = sandbox.home.url("state/dailyquote/history.jsonl")
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["HISTORY"] = history
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"),
            [RepositoryPaths.support("with-presence-mocks.sh"), "--logind", RepositoryPaths.support("session/presence-wait.sh")],
            environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        let context = "\(result.stderr) \(file("install.out")) \(file("journal"))"
        #expect(result.status == 0, "\(context)")
        #expect(file("status.txt").contains("waiting for you to unlock"), "\(file("status.txt")) \(context)")
        #expect(file("service-waiting") == "ActiveState=activating\n", "\(file("service-waiting"))")
        #expect(file("service-still") == "ActiveState=activating\n", "the wait did not outlast 40 s: \(file("service-still")) \(context)")
        #expect(file("early").isEmpty)
        #expect(file("service-after") == "Result=success\nActiveState=inactive\n", "\(file("service-after")) \(context)")
        let lines = file("history.jsonl").split(separator: "\n")
        #expect(lines.count == 1, "\(file("history.jsonl"))")
        let entry = try #require(
            lines.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }, "\(context)")
        #expect((45...120).contains(entry["waitedSeconds"] as? Int ?? -1), "\(file("history.jsonl"))")
        #expect(entry["presence"] == nil)
    }
}
