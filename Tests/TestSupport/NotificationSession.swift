import Foundation

/// A scenario run on a real server, dunst, that gives the test what reached it: the `Notify` calls and dunst's history.
///
/// The scenario (a file under Tests/TestSupport/Harness/cli) runs inside
/// `with-notification-server.sh` (a private bus, Xvfb, dunst) through `cli/notification-session.sh`,
/// which captures the calls with dbus-monitor. Files in ``work`` (`$W`): that script's
/// `monitor.txt` (the capture), `calls.json` (the calls, decoded into ``Report/calls``) and
/// `history.json` (`dunstctl history`, after closing all: ``Report/historySummaries`` and
/// ``Report/historyBodies``), beside the scenario's own, which its header names ("Writes … in
/// $W"); ``Report/files`` has every file at the top of `$W`. The program's own files stay in
/// the sandbox's home (``Sandbox``). Tests/README.md has the table.
public struct NotificationSession {
    /// One captured `Notify` call.
    public struct Call: Decodable {
        public var app: String
        /// The id it replaces (0: a new notification).
        public var replaces: Int
        public var icon: String
        public var summary: String
        public var body: String
        public var hints: [String: String]
        public var expire: Int
    }

    /// The sandbox the scenario's commands run in.
    public var sandbox: Sandbox
    /// The scenario's working directory, `$W` in the scenario.
    public let work = TemporaryDirectory()

    public init(sandbox: Sandbox) {
        self.sandbox = sandbox
    }

    /// The result of a scenario.
    public struct Report {
        /// The harness's exit status: the scenario's.
        public var status: Int32
        /// The harness's standard output and error.
        public var output: String
        /// The captured `Notify` calls, in order.
        public var calls: [Call]
        /// Summaries of the notifications in dunst's history.
        public var historySummaries: [String]
        /// Bodies of the notifications in dunst's history, in the same order.
        public var historyBodies: [String] = []
        /// `$W/NAME` as text, for files the scenario wrote.
        public var files: [String: String]
    }

    /// Runs the scenario `cli/NAME` with `arguments` inside `cli/notification-session.sh`, with
    /// `$DQ` (the binary), `$W` (a work dir), the sandbox environment and `environment`.
    public func run(_ name: String, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> Report {
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
