import Foundation

/// A real systemd user session (`with-user-session.sh`: a user manager, a session bus, Xvfb and dunst) for the `UserSessionTests`.
public enum UserSession {
    /// The result and work directory's files of the scenario `session/NAME`, run where the user manager runs the generator.
    ///
    /// The manager finds the generator (a link to the binary) through `SYSTEMD_GENERATOR_PATH`;
    /// the scenario runs with `$DQ` (the binary), `$W` (a fresh work directory), the sandbox's
    /// environment and `environment`. The reader gives `$W/FILE` as text ("" for a missing file).
    ///
    /// Files in `$W`: only the scenario's; its header names them ("Writes … in $W", "Results in $W"). The harness
    /// writes its logs in a directory of its own, and in the sandbox's home links that mask the
    /// manager's `dbus.socket`, `dbus.service` and every other user unit not its own or
    /// dailyquote's (`config/systemd/user/*` → /dev/null); the generator writes its units in
    /// `$XDG_RUNTIME_DIR/systemd/generator`, the harness's. Tests/README.md has the table.
    public static func generatorScenario(
        _ name: String, sandbox: Sandbox, environment extra: [String: String] = [:]
    ) throws -> (result: ProcessResult, file: (String) -> String) {
        let generators = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: generators.url("dailyquote-generator"), withDestinationPath: RepositoryPaths.binary)
        let work = TemporaryDirectory()
        var environment = sandbox.environment.merging(extra) { _, given in given }
        environment["SYSTEMD_GENERATOR_PATH"] = generators.path
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        let result = try withExtendedLifetime(generators) {
            try ProcessRunner.run(
                RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/\(name)")], environment: environment)
        }
        return (result, { (file: String) in (try? String(contentsOfFile: work.url(file), encoding: .utf8)) ?? "" })
    }
}
