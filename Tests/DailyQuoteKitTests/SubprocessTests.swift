import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("Subprocess")
struct SubprocessTests {
    let subprocess = Subprocess(environment: ["PATH": "/usr/bin:/bin", "GREETING": "hello"])

    @Test("Output, error output and the exit status come back; only the given environment is passed")
    func collects() {
        let output = subprocess.run(RepositoryPaths.support("unit/subprocess-streams.sh"), [])
        #expect(output.status == 3)
        #expect(output.stdout == "hello\nno home\n")
        #expect(output.stderr == "oops\n")
        #expect(output.gist == "oops")
    }

    @Test("Standard input is /dev/null, so a program that reads it ends")
    func emptyInput() {
        let output = subprocess.run("cat", [], timeout: .seconds(5))
        #expect(output.status == 0)
        #expect(output.stdout.isEmpty)
    }

    @Test("More output than a pipe holds, on both streams, does not block")
    func largeOutput() {
        let output = subprocess.run(RepositoryPaths.support("unit/zeros-both-streams.sh"), ["300000"], timeout: .seconds(10))
        #expect(output.status == 0)
        #expect(output.stdout.utf8.count == 300_000)
        #expect(output.stderr.utf8.count == 300_000)
    }

    @Test("A program past its deadline is killed and reported, and the call returns")
    func deadline() {
        // Only the deadline path writes this message; `sleep` itself would exit 0 after 30 s.
        let output = subprocess.run("sleep", ["30"], timeout: .milliseconds(300))
        #expect(output.status == nil)
        #expect(output.stderr == "sleep did not finish within 0 s")
    }

    @Test("A program ended by a signal has no status; a missing one is 'not found'")
    func signalledAndMissing() {
        #expect(subprocess.run(RepositoryPaths.support("unit/kill-self.sh"), ["TERM"]).status == nil)
        let missing = subprocess.run("no-such-program-dailyquote", [])
        #expect(missing.status == nil)
        #expect(missing.stderr == "no-such-program-dailyquote: not found")
        #expect(!subprocess.exists("no-such-program-dailyquote"))
        #expect(subprocess.exists("sh"))
    }

    @Test("The child starts with no blocked signals, whatever this thread blocks")
    func signalMask() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let output = subprocess.run("grep", ["^SigBlk", "/proc/self/status"])
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("0000000000000000"))
    }
}
