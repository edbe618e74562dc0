import Foundation
import TestSupport

/// Runs the built `dailyquote` binary as a user would, in a private HOME with empty XDG dirs.
final class Sandbox {
    let home = TemporaryDirectory()
    var extraEnvironment: [String: String] = [:]

    var environment: [String: String] {
        RepositoryPaths.environment([
            "HOME": home.path, "XDG_CONFIG_HOME": home.url("config"), "XDG_CACHE_HOME": home.url("cache"),
            "XDG_STATE_HOME": home.url("state"), "XDG_CONFIG_DIRS": home.url("xdg"), "TZ": "UTC",
        ]).merging(extraEnvironment) { $1 }
    }

    /// Runs `dailyquote ARGS`.
    func run(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try ProcessRunner.run(RepositoryPaths.binary, arguments, environment: environment, stdin: stdin)
    }

    /// Writes a config file into the sandbox and returns its path.
    func config(_ text: String, name: String = "test.toml") throws -> String {
        try home.write("etc/\(name)", text)
    }
}
