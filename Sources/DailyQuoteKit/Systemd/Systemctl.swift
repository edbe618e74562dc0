import DailyQuoteSystem

/// `systemctl --user`, run directly.
package struct Systemctl: Sendable {
    package var subprocess: Subprocess

    package init(subprocess: Subprocess) {
        self.subprocess = subprocess
    }

    /// Runs `systemctl --user arguments…`.
    @discardableResult
    package func run(_ arguments: [String]) -> Subprocess.Output {
        subprocess.run("systemctl", ["--user"] + arguments, timeout: .seconds(30))
    }

    /// The user manager's environment (`show-environment`), or nil if it cannot be reached.
    package func environment() -> [String: String]? {
        let output = run(["show-environment"])
        guard output.status == 0 else { return nil }
        var result: [String: String] = [:]
        for line in output.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            result[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return result
    }
}
