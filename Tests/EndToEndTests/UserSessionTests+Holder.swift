import Foundation
import TestSupport
import Testing

extension UserSessionTests {
    @Test("Race 4: units named after every PID notify could get take nothing from the holder: it still gets a scope of its own")
    func holderScopeIgnoresReusedNames() throws {
        let sandbox = Sandbox()
        let work = TemporaryDirectory()
        // The old name of a holder's scope was notify's PID alone: a holder of an earlier day still
        // running in `dailyquote-hold-PID` took the name from a notify that got the same PID. Here
        // live scopes hold the names of the next 40 PIDs from a base, and the kernel's next PID is
        // set to just before it (root's /proc/sys/kernel/ns_last_pid), so notify gets one of them
        // (Tests/TestSupport/Harness/session/holder-scope-race.sh).
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["USER_SESSION_MOCK_CAPABILITIES"] = "body body-markup persistence"
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/holder-scope-race.sh")],
            environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("name-taken") == "taken\n", "notify's PID missed the names taken (base, PID): \(file("pids"))")
        #expect(file("notify.rc") == "0\n", "\(file("notify.err"))")
        #expect(file("notify-count") == "1\n", "\(file("notify.err"))")
        #expect(file("alive") == "alive\n", "no holder outlived the notify service: \(file("notify.err"))")
        #expect(file("cgroup").contains("/dailyquote-hold-"), "the holder is not in a scope of its own: \(file("cgroup"))")
        #expect(!file("cgroup").contains(".service"), "\(file("cgroup"))")
    }
}
