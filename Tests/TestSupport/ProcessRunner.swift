import DailyQuoteKit
import DailyQuoteSystem
import Foundation

/// The result of running a child process to completion.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// A program run to its end with an explicit environment and optional standard input, on the product's own ``Child``.
///
/// It spawns with an empty signal mask and default signal dispositions: Foundation's
/// `Process` passes on the test runner's blocked signals, and a child that blocks SIGTERM
/// cannot be stopped the way a user's shell or systemd stops it.
public enum ProcessRunner {
    /// Why a test helper could not start or talk to a child.
    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Runs the repository's Python script at `script` (a path from the repository's root) with
    /// `arguments`, in ``RepositoryPaths/environment(_:)``.
    public static func python(_ script: String, _ arguments: [String] = []) throws -> ProcessResult {
        try run("/usr/bin/env", ["python3", "\(RepositoryPaths.root)/\(script)"] + arguments, environment: RepositoryPaths.environment())
    }

    /// Runs `executable` with `arguments` to its end.
    ///
    /// `environment` replaces the whole environment. A child ended by signal N has status
    /// 128 + N, as in a shell.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) throws -> ProcessResult {
        let child = try Child(path: executable, arguments: arguments, environment: environment, input: stdin == nil ? .null : .pipe)
        // Written before the output is read: a test's input fits in a pipe.
        if let stdin { child.send(Array(stdin.utf8)) }
        // A test's own time limit ends a child that never finishes; this one never does.
        let output = child.collectOutput(until: .now + .seconds(86_400)) ?? ([], [])
        let ended = child.wait()
        return ProcessResult(
            status: ended.exit ?? 128 + (ended.signal ?? 0), stdout: String(decoding: output.stdout, as: UTF8.self),
            stderr: String(decoding: output.stderr, as: UTF8.self))
    }
}
