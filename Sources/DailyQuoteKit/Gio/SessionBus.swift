import DailyQuoteSystem
import FoundationEssentials

/// Finds the D-Bus session bus the way libdbus and GIO do, and checks that it accepts connections.
package enum SessionBus {
    /// Gives GIO the session bus address when `DBUS_SESSION_BUS_ADDRESS` is unset.
    ///
    /// GIO would then look for `$XDG_RUNTIME_DIR/bus`, and without `XDG_RUNTIME_DIR` it creates
    /// `~/.cache` to stand in for it: a read-only command such as `status` must not. The
    /// address is found as GIO would find it; with none, connecting fails as it would anyway.
    /// It sets an environment variable: call it before starting a thread that connects (done
    /// once, it leaves the environment alone).
    package static func settleAddress() {
        guard ProcessState.environmentValue("DBUS_SESSION_BUS_ADDRESS") == nil else { return }
        var environment: [String: String] = [:]
        if let runtime = ProcessState.environmentValue("XDG_RUNTIME_DIR") { environment["XDG_RUNTIME_DIR"] = runtime }
        ProcessState.setEnvironment(
            "DBUS_SESSION_BUS_ADDRESS", address(environment: environment) ?? "unix:path=/nonexistent/dailyquote-no-session-bus",
            overwrite: false)
    }

    /// The bus address: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` if that socket exists.
    package static func address(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: "\(runtime)/bus") {
            return "unix:path=\(runtime)/bus"
        }
        return nil
    }

    /// Connects to the sockets of an address list's `unix:path=` and `unix:abstract=` entries in
    /// order, as libdbus does; nil once one accepts, else why the last did not.
    ///
    /// An entry of another transport is taken on trust.
    package static func problem(connectingTo address: String) -> String? {
        var lastProblem: String?
        for candidate in address.split(separator: ";") {
            guard candidate.hasPrefix("unix:") else { return nil }
            var path: String?
            var abstract = false
            for pair in candidate.drop(while: { $0 != ":" }).dropFirst().split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                if parts[0] == "path" { path = parts[1] }
                if parts[0] == "abstract" {
                    path = parts[1]
                    abstract = true
                }
            }
            guard let path else { continue }
            guard let problem = LocalSocket.problem(connectingTo: path, abstract: abstract) else { return nil }
            lastProblem = "\(path): \(problem)"
        }
        return lastProblem ?? "no usable address in \(address)"
    }
}
