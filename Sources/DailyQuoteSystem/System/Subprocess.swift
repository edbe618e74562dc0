import FoundationEssentials

/// Runs a helper program (`systemctl`, `systemd-analyze`) directly, never through a shell,
/// and collects its exit status and output under a deadline.
package struct Subprocess: Sendable {
    /// What a finished (or abandoned) run gave.
    package struct Output: Sendable, Equatable {
        /// The exit status; nil if the program could not be started or was killed at the deadline.
        package var status: Int32?
        package var stdout: String
        package var stderr: String

        /// The first line of standard error, else of standard output: the gist of a failure.
        package var gist: String {
            let text = stderr.isEmpty ? stdout : stderr
            return text.split(separator: "\n").first.map(String.init) ?? "no output"
        }
    }

    package var environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// Runs `program` (a name looked up in `PATH`, or a path) with `arguments`, killing it after `timeout`.
    package func run(_ program: String, _ arguments: [String], timeout: Duration = .seconds(15)) -> Output {
        guard let path = resolve(program) else { return Output(status: nil, stdout: "", stderr: "\(program): not found") }
        let child: Child
        do {
            child = try Child(path: path, arguments: arguments, environment: environment)
        } catch {
            return Output(status: nil, stdout: "", stderr: "\(program): \(error.description)")
        }
        guard let (stdout, stderr) = child.collectOutput(until: .now + timeout) else {
            child.kill()
            return Output(status: nil, stdout: "", stderr: "\(program) did not finish within \(timeout.components.seconds) s")
        }
        return Output(
            status: child.wait().exit, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Whether `program` can be found.
    package func exists(_ program: String) -> Bool { resolve(program) != nil }

    private func resolve(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
