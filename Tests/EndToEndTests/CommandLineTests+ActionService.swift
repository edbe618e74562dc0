import Foundation
import TestSupport
import Testing

/// `dailyquote action-service` (what the session bus starts for a GNOME button press) on a bus
/// of its own.
extension CommandLineTests {
    @Test("SIGTERM ends a serving action service calmly with status 0 (the signal router's descriptor ends its GLib loop)")
    func actionServiceStopsOnSIGTERM() throws {
        let sandbox = Sandbox()
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        // Killed by the signal's default action, it would end with 143; left alone, after 5 s idle.
        let result = try ProcessRunner.run(
            "/usr/bin/dbus-run-session", ["--", RepositoryPaths.support("cli/action-service-stop.sh")], environment: environment)
        #expect(result.stdout.contains("status=0"), "\(result.stdout) \(result.stderr)")
    }
}
