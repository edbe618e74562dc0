import CLinuxEvents
import SystemPackage

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// A child process in a session of its own, meant to outlive this one: standard input and
/// output are pipes to this process; standard error is shared or /dev/null.
///
/// It is never killed or waited for here: a one-shot parent exits and the child is adopted
/// by init (or the user manager); a long-lived parent reaps it with ``reapFinished()``.
final class DetachedChild {
    let pid: pid_t
    private var input: Int32
    private var output: Int32

    /// Starts `path` with `arguments` and exactly `environment`.
    ///
    /// Without `sharingStandardError` the child's standard error is /dev/null (see
    /// ``StandardErrorStream/keepsCallerWaiting(environment:)``).
    init(path: String, arguments: [String], environment: [String: String], sharingStandardError: Bool) throws(SpawnedChild.SpawnError) {
        // PosixSpawn.start returns a PID or throws: never nil.
        // swift-format-ignore: NeverForceUnwrap
        (pid, input, output) = try Self.start { (input, output) throws(SpawnedChild.SpawnError) -> pid_t? in
            try PosixSpawn.start(
                path: path, arguments: arguments, environment: environment, streams: [0: input, 1: output],
                discarding: sharingStandardError ? [] : [2], newSession: true)
        }!
    }

    /// Forks a child that runs `body` (which must end the process), with exactly `environment`.
    ///
    /// Its arguments read `argv[0] hold`. Nil, with nothing started, where this process has
    /// other threads (only a process with one may go on in a child of fork) or its arguments
    /// cannot be rewritten. The child's descriptors, session and signals are as
    /// ``init(path:arguments:environment:sharingStandardError:)`` sets them for a program it starts.
    ///
    /// The child skips what an exec costs (the loader, the Swift runtime's start, the
    /// environment's setup): about 2.5 ms, most of a holder's way to its `Notify` call.
    init?(forking body: () -> Never, environment: [String: String], sharingStandardError: Bool) throws(SpawnedChild.SpawnError) {
        let started = try Self.start { (input, output) throws(SpawnedChild.SpawnError) -> pid_t? in
            let pid = dq_fork_detached(input, output, sharingStandardError ? 0 : 1, CommandLine.unsafeArgv, CommandLine.argc, "hold")
            if pid == 0 {
                Self.replaceEnvironment(with: environment)
                body()
            }
            if pid == -2 { return nil }
            guard pid > 0 else { throw SpawnedChild.SpawnError(description: SystemError.last("fork").message) }
            return pid
        }
        guard let started else { return nil }
        (pid, input, output) = started
    }

    /// Makes the two pipes and has `start` start a child on their far ends.
    ///
    /// The far ends (the child's standard input and output) are closed here afterwards. Returns
    /// the child's PID and this process's ends; nil (nothing started) or a failure closes those too.
    private static func start(
        _ start: (_ input: Int32, _ output: Int32) throws(SpawnedChild.SpawnError) -> pid_t?
    ) throws(SpawnedChild.SpawnError) -> (pid: pid_t, input: Int32, output: Int32)? {
        let toChild = try PosixSpawn.pipe()
        let fromChild: (read: Int32, write: Int32)
        do {
            fromChild = try PosixSpawn.pipe()
        } catch {
            close(toChild.read)
            close(toChild.write)
            throw error
        }
        defer {
            close(toChild.read)
            close(fromChild.write)
        }
        let pid: pid_t?
        do {
            pid = try start(toChild.read, fromChild.write)
        } catch {
            close(toChild.write)
            close(fromChild.read)
            throw error
        }
        guard let pid else {
            close(toChild.write)
            close(fromChild.read)
            return nil
        }
        return (pid, toChild.write, fromChild.read)
    }

    /// Makes the process's environment exactly `environment`, as an exec with it would.
    private static func replaceEnvironment(with environment: [String: String]) {
        clearenv()
        for (name, value) in environment { setenv(name, value, 1) }
    }

    deinit {
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
    }

    /// Writes `bytes` to the child's standard input and closes it.
    ///
    /// A child that has ended makes the write fail with EPIPE, not kill this process: SIGPIPE is
    /// blocked in this thread for the write, and one it raised is taken back before it is unblocked.
    func send(_ bytes: [UInt8]) {
        var pipeSignal = sigset_t()
        var previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        // A child that closed its input early answers (or not) on its output; nothing to add here.
        try? SystemCall.writeAll(bytes, to: FileDescriptor(rawValue: input), path: "the child's standard input")
        var none = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        close(input)
        input = -1
    }

    /// The first line the child writes (without its newline), read until `deadline` at most;
    /// nil at the deadline or if the child closes its output first.
    func firstLine(until deadline: Deadline) -> [UInt8]? {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.secondsLeft
            guard left > 0 else { return nil }
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            let ready = SystemCall.retrying { poll(&fds, 1, Int32(min(left * 1000, Double(Int32.max))) + 1) }
            guard ready > 0 else { continue }
            let got = SystemCall.retrying { chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) } }
            if got < 0, errno == EAGAIN { continue }
            guard got > 0 else { return nil }
            line.append(contentsOf: chunk[..<got])
            if let newline = line.firstIndex(of: UInt8(ascii: "\n")) { return Array(line[..<newline]) }
        }
    }

    /// Sends SIGKILL (the child did not answer in time).
    func kill() {
        Glibc.kill(pid, SIGKILL)
    }

    /// Reaps children of this process that have ended, without waiting: for a long-lived
    /// parent (`run`), whose holders would otherwise linger as zombies.
    static func reapFinished() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }
}
