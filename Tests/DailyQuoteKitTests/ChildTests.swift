import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

@Suite("Child")
struct ChildTests {
    /// Waits up to 5 s for `pid` (a child of this process) to have ended without being reaped.
    func waitUntilZombie(_ pid: pid_t) -> Bool {
        for _ in 0..<500 {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z"
            {
                return true
            }
            usleep(10_000)
        }
        return false
    }

    @Test("A process with other threads (this test runner) never forks a child that runs on: it says so and starts nothing")
    func noForkBesideThreads() throws {
        // Swift Testing runs this on its pool, beside other threads. A child forked anyway would
        // run the body, which kills it; the result here would be a child, not nil.
        let child = try Child(
            forking: { fatalError("forked beside other threads") }, command: "hold", environment: [:], sharingStandardError: false)
        #expect(child == nil)
    }

    @Test("Input through one pipe, output and error through two others, the exit status, and only the given environment")
    func pipes() throws {
        let child = try Child(
            path: RepositoryPaths.support("unit/child-pipes.sh"), arguments: [],
            environment: ["GREETING": "hi"], input: .pipe)
        #expect(child.send(Array("hello\n".utf8)) == 6)
        let output = try #require(child.collectOutput(until: .after(seconds: 10)))
        #expect(String(decoding: output.stdout, as: UTF8.self) == "got hello no home hi\n")
        #expect(String(decoding: output.stderr, as: UTF8.self) == "complaint\n")
        #expect(child.wait() == Child.Status(waitStatus: 4 << 8))
        #expect(child.wait().exit == 4)
    }

    @Test("Standard streams as /dev/null or this process's own: nothing comes through a pipe, and the child still runs")
    func nullAndInherited() throws {
        let child = try Child(
            path: RepositoryPaths.support("unit/read-then-write.sh"), arguments: [], environment: [:], output: .null, error: .null)
        #expect(child.collectOutput(until: .after(seconds: 10)).map { $0.stdout + $0.stderr } == [])
        #expect(child.wait().exit == 0)
        let inherited = try Child(
            path: RepositoryPaths.support("unit/exit-status.sh"), arguments: ["3"], environment: [:], output: .inherit, error: .inherit)
        #expect(inherited.wait().exit == 3)
    }

    @Test("The first line comes back without waiting for the rest; a silent child is given up on at the deadline, then killed")
    func firstLineAndDeadline() throws {
        let talker = try Child(path: RepositoryPaths.support("unit/first-line-then-sleep.sh"), arguments: [], environment: [:])
        let started = ContinuousClock.now
        #expect(talker.firstLine(until: .after(seconds: 10)) == Array("first".utf8))
        #expect(ContinuousClock.now - started < .seconds(10))
        talker.kill()
        #expect(talker.wait().signal == SIGKILL)

        let silent = try Child(path: "/bin/sleep", arguments: ["30"], environment: [:])
        let waited = ContinuousClock.now
        #expect(silent.firstLine(until: .now + .milliseconds(300)) == nil)
        #expect(ContinuousClock.now - waited >= .milliseconds(300))
        #expect(silent.collectOutput(until: .now + .milliseconds(100)) == nil)
        #expect(silent.wait(until: .now + .milliseconds(100)) == nil)
        silent.kill()
        #expect(silent.wait().signal == SIGKILL)

        let partial = try Child(path: "/usr/bin/printf", arguments: ["no newline"], environment: [:])
        #expect(partial.firstLine(until: .after(seconds: 10)) == nil)
    }

    @Test("Writing to a child that closed its input fails quietly: no SIGPIPE kills this process or stays pending")
    func brokenPipe() throws {
        let child = try Child(path: RepositoryPaths.support("unit/close-input.sh"), arguments: [], environment: [:], input: .pipe)
        #expect(child.firstLine(until: .after(seconds: 10)) == Array("closed".utf8))
        // More than a pipe holds, so the write cannot finish before it meets the closed end.
        let bytes = [UInt8](repeating: 65, count: 1 << 20)
        #expect(child.send(bytes) < bytes.count)
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0)
        #expect(child.wait().exit == 0)
    }

    @Test("A signal's end is told from an exit")
    func signalled() throws {
        let child = try Child(path: RepositoryPaths.support("unit/kill-self.sh"), arguments: ["TERM"], environment: [:])
        #expect(child.wait() == Child.Status(waitStatus: SIGTERM))
        #expect(child.wait().exit == nil)
        #expect(throws: Child.StartError.self) { try Child(path: "/nonexistent/dailyquote-test", arguments: [], environment: [:]) }
    }

    @Test("Reaping finished children takes the detached ones let go of, and never another child of this process")
    func reapsOnlyItsOwn() throws {
        // A child of this process that no Child started (as a test's or a library's own would be), already ended.
        var unrelated: pid_t = 0
        let script = RepositoryPaths.support("unit/exit-status.sh")
        let words: [String] = [script, "7"]
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        #expect(posix_spawn(&unrelated, script, nil, nil, argv, environ) == 0)
        #expect(waitUntilZombie(unrelated))
        // A detached child, let go of unreaped (the holder `run` starts), also ended.
        let detached = try Child(
            path: RepositoryPaths.support("unit/exit-status.sh"), arguments: ["0"], environment: [:], output: .null, error: .null,
            detached: true)
        let detachedPid = detached.pid.rawValue
        #expect(waitUntilZombie(detachedPid))
        _ = consume detached

        Child.reapFinished()
        var status: Int32 = 0
        #expect(waitpid(detachedPid, &status, WNOHANG) == -1)
        #expect(waitpid(unrelated, &status, WNOHANG) == unrelated)
        #expect(Child.Status(waitStatus: status).exit == 7)
    }

    @Test("A child that is not detached is killed and reaped when it is let go of")
    func killedWhenDropped() throws {
        var pid: pid_t = 0
        do {
            let child = try Child(path: "/bin/sleep", arguments: ["30"], environment: [:])
            pid = child.pid.rawValue
        }
        var status: Int32 = 0
        #expect(waitpid(pid, &status, WNOHANG) == -1)
        #expect(errno == ECHILD)
    }
}
