import Foundation
import Testing

/// A scenario on a desktop shell's own notification server (Cinnamon, Budgie, swaync, GNOME Shell), for the tests that press its buttons.
public enum DesktopShell {
    /// The result and work directory's files of the harness file `desktop/SCRIPT`, run on `server`.
    ///
    /// It runs inside `with-notification-server.sh --server SERVER` with `$DQ` (the binary), `$W`
    /// (a fresh work directory, handed to the servers' user as `NOTIFICATION_SERVER_SHARE` when
    /// the harness runs them as another) and the sandbox's environment. The reader gives
    /// `$W/FILE` as text ("" for a missing file). Files in `$W`: only the scenario's, which its
    /// header names ("Writes … in $W", "Results in $W"). Tests/README.md has the table.
    public static func session(_ server: String, _ sandbox: Sandbox, _ script: String) throws -> (ProcessResult, (String) -> String) {
        let work = TemporaryDirectory()
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["NOTIFICATION_SERVER_SHARE"] = work.path
        let result = try withExtendedLifetime(sandbox) {
            try ProcessRunner.run(
                RepositoryPaths.support("with-notification-server.sh"), ["--server", server, RepositoryPaths.support("desktop/\(script)")],
                environment: environment)
        }
        return (result, { name in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" })
    }

    /// The entries of `history --json` output, or a recorded failure naming the text.
    public static func history(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "history --json: \(text)",
            sourceLocation: sourceLocation)
    }
}
