import Foundation

/// python3-dbusmock's notification server, for what no real one gives on demand: chosen capabilities, any close, a button pressed.
///
/// It runs under `with-notification-server.sh --server mock`.
public enum MockNotificationServer {
    /// Runs the scenario `cli/NAME` against the mock server and gives its result and a reader of its work directory's files.
    ///
    /// The scenario (a file under Tests/TestSupport/Harness/cli) runs with `arguments`, `$DQ`
    /// (the binary), `$W` (a fresh work directory), `MOCK_CAPABILITIES` = `capabilities`, the
    /// sandbox's environment and `environment`; the harness ends every holder left behind. With
    /// `presenceMocks`, it runs inside `with-presence-mocks.sh MOCKS...` (logind, the screensaver,
    /// `$PRESENCE`). The reader gives `$W/FILE` as text ("" for a missing file).
    ///
    /// Files in `$W`: neither this helper nor the harness writes any; the server's call log stays
    /// in the harness's own directory (`$MOCK_LOG`). Each scenario's header names what it writes
    /// ("Writes … in $W"); most use `scenario.sh`'s steps: `now.out`, `now.err`, `now.rc`
    /// (`notify_and_wait`), `status.txt`, `status.json` (`await_waiting`), `out`, `err`, `before`
    /// (`start_locked`), and `mock.log`, a copy of the call log for ``notifyCalls(_:)``.
    /// The program's own files stay in the sandbox's home (``Sandbox``). Tests/README.md has the table.
    public static func session(
        _ sandbox: Sandbox, capabilities: String, harness name: String, _ arguments: [String] = [],
        environment extra: [String: String] = [:], presenceMocks: [String]? = nil
    ) throws -> (ProcessResult, (String) -> String) {
        let work = TemporaryDirectory()
        var environment = sandbox.environment.merging(extra) { _, new in new }
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["MOCK_CAPABILITIES"] = capabilities
        let presence = presenceMocks.map { [RepositoryPaths.support("with-presence-mocks.sh")] + $0 } ?? []
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-notification-server.sh"),
            ["--server", "mock"] + presence + [RepositoryPaths.support("cli/\(name)")] + arguments, environment: environment)
        return (result, { name in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" })
    }

    /// The `Notify` calls of dailyquote in the mock server's call log (`mock.log`), a call's lines joined.
    ///
    /// A call with a body of several lines spans several lines of the log: a line that does not
    /// start with a timestamp continues the call before it.
    public static func notifyCalls(_ log: String) -> [String] {
        var calls: [String] = []
        for line in log.components(separatedBy: "\n") {
            // A call starts with its timestamp; other lines continue the one before.
            if line.first?.isNumber == true || calls.isEmpty { calls.append(line) } else { calls[calls.count - 1] += "\n" + line }
        }
        return calls.filter { $0.contains(" Notify \"dailyquote\"") }
    }
}
