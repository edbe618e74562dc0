import Foundation
import TestSupport
import Testing

/// Exit statuses the binary gives (the table itself: `ErrorKindExitStatusTests`).
@Suite("ExitStatus")
struct ExitStatusTests {
    @Test("clear exits 73, like uninstall --purge, when a file cannot be deleted")
    func clearCannotDelete() throws {
        let sandbox = Sandbox()
        let stuck = try sandbox.home.write("state/dailyquote/history.jsonl", "")
        // Root ignores permissions; an immutable file stops even root.
        let chattr = try ProcessRunner.run("/usr/bin/chattr", ["+i", stuck], environment: [:])
        try #require(chattr.status == 0, "chattr +i: \(chattr.stderr)")
        defer { _ = try? ProcessRunner.run("/usr/bin/chattr", ["-i", stuck], environment: [:]) }
        let result = try sandbox.run(["clear", "--state", "--yes"])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("dailyquote: error: cannot delete"), "\(result.stderr)")
    }
}
