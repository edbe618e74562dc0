import CLinuxEvents
import Glibc
import Synchronization
import SystemPackage

/// A child process: a program started with `posix_spawn` (no shell), or a fork of this process
/// that goes on running its code (the holder); each standard stream a pipe to this process,
/// /dev/null or this process's own.
///
/// Every child, however started, begins with an empty signal mask and default signal actions,
/// whatever this process blocks, ignores or routes. A child that is not `detached` is killed
/// and reaped when this value goes, if it was not waited for. A detached one leads a session of
/// its own, inherits no other descriptor, and is meant to outlive this value and this process:
/// a one-shot parent exits and init (or the user manager) adopts it; a long-lived parent
/// (`run`) reaps it with ``reapFinished()``, which waits only for its own children, by PID.
package final class Child {
    /// What one of the child's standard streams is.
    package enum Stream: Sendable, Equatable {
        /// A pipe to this process (``send(_:)``, ``firstLine(until:)``, ``collectOutput(until:)``).
        case pipe
        /// /dev/null.
        case null
        /// This process's own.
        case inherit
    }

    /// Why a child could not be started.
    package struct StartError: Error, Equatable, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// How a child ended.
    package struct Status: Sendable, Equatable {
        /// Its exit status; nil if a signal ended it (or its end could not be known).
        package var exit: Int32?
        /// The signal that ended it.
        package var signal: Int32?

        /// From a `waitpid` status (`WIFEXITED`, `WEXITSTATUS` and `WTERMSIG`, which Swift cannot import as macros).
        package init(waitStatus status: Int32) {
            (exit, signal) = status & 0x7f == 0 ? ((status >> 8) & 0xff, nil) : (nil, status & 0x7f)
        }

        /// A child whose end this process could not see (another waited for it).
        static let unknown = Status(exit: nil, signal: nil)

        private init(exit: Int32?, signal: Int32?) {
            (self.exit, self.signal) = (exit, signal)
        }
    }

    package let pid: ProcessID
    /// This process's ends of the child's standard input, output and error, where they are pipes.
    private var input: FileDescriptor?
    private var output: FileDescriptor?
    private var errorOutput: FileDescriptor?
    private let detached: Bool
    /// Set once the child has been reaped.
    private var ended: Status?

    /// Detached children let go of before they were reaped: ``reapFinished()`` waits for these
    /// PIDs, and no other, so that it never takes a status another caller waits for.
    private static let unreaped = Mutex<Set<pid_t>>([])

    /// Starts `path` with `arguments` and exactly `environment`; its standard streams as given.
    ///
    /// `detached`: the child leads a session of its own, inherits no descriptor but its standard
    /// three (a process meant to outlive this one must not keep a caller's pipe open:
    /// `$(dailyquote notify)`, or faketime's, would wait for it to end), and is left running
    /// when this value goes.
    package init(
        path: String, arguments: [String], environment: [String: String], input: Stream = .null, output: Stream = .pipe,
        error: Stream = .pipe, detached: Bool = false
    ) throws(StartError) {
        var pipes = try Pipes([0: input, 1: output, 2: error])
        do {
            pid = ProcessID(
                try Self.spawn(
                    path: path, arguments: arguments, environment: environment, streams: [input, output, error], pipes: pipes,
                    detached: detached))
        } catch {
            pipes.closeAll()
            throw error
        }
        pipes.closeChildEnds()
        (self.input, self.output, errorOutput) = (pipes.ours[0], pipes.ours[1], pipes.ours[2])
        self.detached = detached
    }

    /// Forks a detached child that runs `body` (which must end the process) with exactly
    /// `environment`, its standard input and output pipes to this process.
    ///
    /// Its arguments read `argv[0] command` (what `ps` shows, and what a check of
    /// `/proc/PID/cmdline` finds). Nil, with nothing started, where this process has
    /// other threads (only a process with one may go on in a child of fork) or its arguments
    /// cannot be rewritten. The child's descriptors, session and signals are as a detached
    /// ``init(path:arguments:environment:input:output:error:detached:)`` sets them; standard
    /// error is this process's where `sharingStandardError`, else /dev/null.
    ///
    /// The child skips what an exec costs (the loader, the Swift runtime's start, the
    /// environment's setup): about 2.5 ms, most of a holder's way to its `Notify` call.
    package init?(
        forking body: () -> Never, command: String, environment: [String: String], sharingStandardError: Bool
    ) throws(StartError) {
        var pipes = try Pipes([0: .pipe, 1: .pipe])
        guard let toChild = pipes.child[0], let fromChild = pipes.child[1] else { preconditionFailure("both pipes were made") }
        let arguments = ProcessArguments.raw
        let raw = dq_fork_detached(
            toChild.rawValue, fromChild.rawValue, sharingStandardError ? 0 : 1, arguments.argv, arguments.argc, command)
        if raw == 0 {
            Self.replaceEnvironment(with: environment)
            body()
        }
        guard raw > 0 else {
            let failure = SystemError.last("fork")
            pipes.closeAll()
            if raw == -2 { return nil }
            throw StartError(description: failure.message)
        }
        pipes.closeChildEnds()
        pid = ProcessID(raw)
        (input, output, errorOutput) = (pipes.ours[0], pipes.ours[1], nil)
        detached = true
    }

    deinit {
        for descriptor in [input, output, errorOutput] { try? descriptor?.close() }
        guard ended == nil else { return }
        if detached {
            _ = Self.unreaped.withLock { $0.insert(pid.rawValue) }
        } else {
            kill()
        }
    }

    /// Writes `bytes` to the child's standard input, closes it, and returns how many it took.
    ///
    /// A child that ended, or closed its input, before taking them all makes the write fail with
    /// EPIPE instead of killing this process (``SignalRouter/withoutBrokenPipeSignal(_:)``); its
    /// status, or its output, then says what happened. Keep `bytes` under a pipe's 64 KiB
    /// where the output is read only afterwards.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Int {
        guard let input else { return 0 }
        defer {
            try? input.close()
            self.input = nil
        }
        return SignalRouter.withoutBrokenPipeSignal {
            var offset = 0
            while offset < bytes.count {
                let written = try? bytes[offset...].withUnsafeBytes { try input.write($0, retryOnInterrupt: true) }
                guard let written, written > 0 else { break }
                offset += written
            }
            return offset
        }
    }

    /// The first line the child writes on its standard output (without its newline), read
    /// until `deadline` at most; nil at the deadline or if the output ends first.
    package func firstLine(until deadline: Deadline) -> [UInt8]? {
        guard let output else { return nil }
        var line: [UInt8]?
        let read = Self.read([output], until: deadline, chunk: 4096) { collected in
            guard let newline = collected[0].firstIndex(of: UInt8(ascii: "\n")) else { return false }
            line = Array(collected[0][..<newline])
            return true
        }
        return read == nil ? nil : line
    }

    /// Reads standard output and error until both end, at most until `deadline`; nil at the deadline.
    ///
    /// Both pipes are read in one poll loop, so a child that fills one cannot block on it.
    package func collectOutput(until deadline: Deadline) -> (stdout: [UInt8], stderr: [UInt8])? {
        guard let collected = Self.read([output, errorOutput], until: deadline, chunk: 65536, enough: { _ in false }) else { return nil }
        return (collected[0], collected[1])
    }

    /// Waits for the child to end.
    @discardableResult
    package func wait() -> Status {
        if let ended { return ended }
        var status: Int32 = 0
        let reaped = SystemCall.retrying { waitpid(pid.rawValue, &status, 0) }
        let result = reaped == pid.rawValue ? Status(waitStatus: status) : .unknown
        ended = result
        return result
    }

    /// Reaps the child if it has ended, without waiting; nil while it runs.
    package func reapIfEnded() -> Status? {
        if let ended { return ended }
        var status: Int32 = 0
        let reaped = SystemCall.retrying { waitpid(pid.rawValue, &status, WNOHANG) }
        guard reaped != 0 else { return nil }
        let result = reaped == pid.rawValue ? Status(waitStatus: status) : .unknown
        ended = result
        return result
    }

    /// Waits for the child to end until `deadline` at most (looking every 10 ms); nil at the deadline.
    package func wait(until deadline: Deadline) -> Status? {
        while true {
            if let status = reapIfEnded() { return status }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(10_000)
        }
    }

    /// Kills the child (SIGKILL); reaps it too unless it is detached (one that is stuck where a
    /// signal cannot reach it must not hold up the caller: ``reapFinished()`` reaps it later).
    package func kill() {
        guard ended == nil else { return }
        pid.signal(.kill)
        if !detached { wait() }
    }

    /// Kills the process group a detached child leads (SIGKILL), with what it forked, and reaps
    /// the child, waiting a second at most (as in ``kill()``, one stuck where a signal cannot
    /// reach it is left to ``reapFinished()``).
    package func killGroup() {
        guard ended == nil else { return }
        precondition(detached, "only a detached child leads a process group of its own")
        pid.signalGroup(.kill)
        _ = wait(until: .after(seconds: 1))
    }

    /// Reaps the detached children that were let go of and have ended, without waiting.
    ///
    /// For a long-lived parent (`run`), whose holders would otherwise linger as zombies.
    /// Children of this process that no ``Child`` let go of are left to their owners.
    package static func reapFinished() {
        unreaped.withLock { pids in
            for pid in pids {
                var status: Int32 = 0
                if SystemCall.retrying({ waitpid(pid, &status, WNOHANG) }) != 0 { pids.remove(pid) }
            }
        }
    }

    /// Reads `streams` in one poll loop until each ends or `enough` says the bytes suffice.
    ///
    /// A nil stream has ended. Nil at `deadline` (or if `poll` fails). The one read with a
    /// deadline: the holder's reply line and a helper program's output.
    private static func read(
        _ streams: [FileDescriptor?], until deadline: Deadline, chunk size: Int, enough: (_ collected: [[UInt8]]) -> Bool
    ) -> [[UInt8]]? {
        var collected = [[UInt8]](repeating: [], count: streams.count)
        var live = streams
        var chunk = [UInt8](repeating: 0, count: size)
        while live.contains(where: { $0 != nil }) {
            let left = deadline.secondsLeft
            guard left > 0, let ready = SystemCall.readable(live, milliseconds: SystemCall.milliseconds(left)) else { return nil }
            for index in live.indices where ready[index] {
                guard let stream = live[index] else { continue }
                let got = (try? chunk.withUnsafeMutableBytes { try stream.read(into: $0, retryOnInterrupt: true) }) ?? 0
                if got > 0 {
                    collected[index].append(contentsOf: chunk[..<got])
                    if enough(collected) { return collected }
                } else {
                    live[index] = nil
                }
            }
        }
        return collected
    }

    /// Makes the process's environment exactly `environment`, as an exec with it would.
    private static func replaceEnvironment(with environment: [String: String]) {
        clearenv()
        for (name, value) in environment { setenv(name, value, 1) }
    }

    /// `POSIX_SPAWN_SETSID` (glibc 2.26 and later), which the Glibc module hides behind _GNU_SOURCE.
    private static let setsidFlag: Int32 = 0x80

    /// Starts `path` with `streams` (standard input, output and error) and returns its PID.
    private static func spawn(
        path: String, arguments: [String], environment: [String: String], streams: [Stream], pipes: Pipes, detached: Bool
    ) throws(StartError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in zip(Int32(0)..., streams) {
            switch stream {
            case .pipe:
                if let end = pipes.child[number] { posix_spawn_file_actions_adddup2(&actions, end.rawValue, number) }
            case .null: posix_spawn_file_actions_addopen(&actions, number, "/dev/null", number == 0 ? O_RDONLY : O_WRONLY, 0)
            case .inherit: break
            }
        }
        if detached { dq_spawn_add_closefrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (detached ? setsidFlag : 0)))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw StartError(description: SystemError.reason(forCode: status)) }
        return pid
    }

    /// The pipes of a child being started, close-on-exec: the child's ends, keyed by the
    /// descriptor they become in it, and this process's.
    private struct Pipes {
        var child: [Int32: FileDescriptor] = [:]
        var ours: [Int32: FileDescriptor] = [:]

        /// A pipe for each stream that is one; none (all closed) if one cannot be made.
        init(_ streams: [Int32: Stream]) throws(StartError) {
            for (number, stream) in streams.sorted(by: { $0.key < $1.key }) where stream == .pipe {
                var ends: [Int32] = [-1, -1]
                guard dq_pipe_cloexec(&ends) == 0 else {
                    let failure = SystemError.last("pipe")
                    closeAll()
                    throw StartError(description: failure.message)
                }
                let (read, write) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
                // The child reads its standard input and writes the others.
                (child[number], ours[number]) = number == 0 ? (read, write) : (write, read)
            }
        }

        /// Closes the child's ends, once it has its copies: this process's ends then see the
        /// end of the output when the child exits.
        mutating func closeChildEnds() {
            for end in child.values { try? end.close() }
            child = [:]
        }

        mutating func closeAll() {
            closeChildEnds()
            for end in ours.values { try? end.close() }
            ours = [:]
        }
    }
}
