import Foundation

/// A private HOME with empty XDG directories, in which a test runs the built `dailyquote` binary as a user would.
///
/// The home is a ``TemporaryDirectory``, removed with the sandbox. Its variables: `HOME` (the
/// directory), `XDG_CONFIG_HOME` (`config/`), `XDG_CACHE_HOME` (`cache/`), `XDG_STATE_HOME`
/// (`state/`), `XDG_CONFIG_DIRS` (`xdg/`, the system config), `TZ=UTC`; `XDG_DATA_HOME` is left
/// unset, so the data directory is `.local/share/`. What a run leaves in the home is the
/// program's own files (`AppPaths`): `config/dailyquote/config.toml` (written by the test),
/// `cache/dailyquote/quote.json` and `refresh.lock`; `state/dailyquote/state.json`,
/// `history.jsonl`, `refresh.json`, `closed.jsonl`, `actions.jsonl`, `lock`, and while a holder
/// a presence wait or `run` lives `hold.json`/`hold.lock`, `presence.json`/`presence.lock`, `run.lock`;
/// `.local/share/dailyquote/favorites.jsonl`; ``config(_:name:)`` files under `etc/`.
/// Tests/README.md lists them with the scenario harnesses' files.
public final class Sandbox {
    /// The sandbox's HOME.
    public let home = TemporaryDirectory()
    /// Variables added to (or replacing) ``environment``'s.
    public var extraEnvironment: [String: String] = [:]

    public init() {}

    /// The environment of a run in the sandbox: ``RepositoryPaths/environment(_:)``, the home's
    /// variables, then ``extraEnvironment``.
    public var environment: [String: String] {
        RepositoryPaths.environment([
            "HOME": home.path, "XDG_CONFIG_HOME": home.url("config"), "XDG_CACHE_HOME": home.url("cache"),
            "XDG_STATE_HOME": home.url("state"), "XDG_CONFIG_DIRS": home.url("xdg"), "TZ": "UTC",
        ]).merging(extraEnvironment) { $1 }
    }

    /// Runs `dailyquote ARGS` in the sandbox, to its end.
    public func run(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try ProcessRunner.run(RepositoryPaths.binary, arguments, environment: environment, stdin: stdin)
    }

    /// Writes a config file at `etc/NAME` in the sandbox and returns its path (for `--config`).
    public func config(_ text: String, name: String = "test.toml") throws -> String {
        try home.write("etc/\(name)", text)
    }
}
