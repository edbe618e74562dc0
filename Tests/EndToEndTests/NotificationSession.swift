import Foundation
import TestSupport

/// Runs a scenario (a file under Tests/TestSupport/Harness/cli) inside `with-notification-server.sh` (a private bus, Xvfb, dunst)
/// and collects what reached the server: the `Notify` calls from a dbus-monitor capture,
/// and dunst's history.
struct NotificationSession {
    /// One captured `Notify` call.
    struct Call: Decodable {
        var app: String
        /// The id it replaces (0: a new notification).
        var replaces: Int
        var icon: String
        var summary: String
        var body: String
        var hints: [String: String]
        var expire: Int
    }

    var sandbox: Sandbox
    /// The scenario's working directory, `$W` in the scenario.
    let work = TemporaryDirectory()

    init(sandbox: Sandbox) {
        self.sandbox = sandbox
    }

    /// The result of a scenario.
    struct Report {
        var status: Int32
        var output: String
        var calls: [Call]
        /// Summaries of the notifications in dunst's history.
        var historySummaries: [String]
        /// Bodies of the notifications in dunst's history, in the same order.
        var historyBodies: [String] = []
        /// `$W/NAME` as text, for files the scenario wrote.
        var files: [String: String]
    }

    /// Runs the scenario `cli/NAME` with `arguments` inside `cli/notification-session.sh`, with
    /// `$DQ` (the binary), `$W` (a work dir), the sandbox environment and `environment`.
    func run(_ name: String, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> Report {
        var environment = sandbox.environment.merging(extra) { _, new in new }
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["PROBE"] = RepositoryPaths.support("notify_probe.py")
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-notification-server.sh"),
            [RepositoryPaths.support("cli/notification-session.sh"), name] + arguments,
            environment: environment)
        let calls = (try? JSONDecoder().decode([Call].self, from: Data(contentsOf: URL(fileURLWithPath: work.url("calls.json"))))) ?? []
        var summaries: [String] = []
        var bodies: [String] = []
        if let data = FileManager.default.contents(atPath: work.url("history.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let groups = object["data"] as? [[[String: Any]]]
        {
            summaries = groups.flatMap { $0 }.compactMap { ($0["summary"] as? [String: Any])?["data"] as? String }
            bodies = groups.flatMap { $0 }.compactMap { ($0["body"] as? [String: Any])?["data"] as? String }
        }
        var files: [String: String] = [:]
        for name in work.contents() where !name.contains("/") {
            files[name] = try? String(contentsOfFile: work.url(name), encoding: .utf8)
        }
        return Report(
            status: result.status, output: result.stdout + result.stderr, calls: calls, historySummaries: summaries, historyBodies: bodies,
            files: files)
    }
}
