import Foundation
import TestSupport
import Testing

/// The session's language under the systemd user timers: `notify` sees the user manager's
/// environment, and the generated units leave its locale alone.
extension UserSessionTests {
    @Test("A timer-started delivery posts in the user manager's language (set-environment LANG=de_DE.UTF-8)")
    func timerDeliversInSessionLanguage() throws {
        let sandbox = Sandbox()
        let first = Self.nextMinute(margin: 20)
        _ = try sandbox.home.write("config/dailyquote/config.toml", Self.config(at: first))
        let work = TemporaryDirectory()
        let history = sandbox.home.url("state/dailyquote/history.jsonl")
        let locale = TestLocales.environment(lang: "de_DE.UTF-8")
        let assignments = locale.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["PROBE"] = RepositoryPaths.support("notify_probe.py")
        environment["HISTORY"] = history
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/timer-language.sh")] + assignments,
            environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("install.rc") == "0\n", "\(file("install.out"))")
        let calls = ((try? JSONSerialization.jsonObject(with: Data(file("calls.json").utf8))) as? [[String: Any]]) ?? []
        #expect(calls.compactMap { $0["summary"] as? String } == ["Zitat des Tages"], "\(file("calls.json")) \(result.stderr)")
        #expect(!file("unit").contains("LANG") && !file("unit").contains("UnsetEnvironment"), "\(file("unit"))")
    }
}
