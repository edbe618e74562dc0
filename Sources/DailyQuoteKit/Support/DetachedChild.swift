import CLinuxEvents

#if canImport(Glibc)
    import Glibc
#endif

/// A child process in a session of its own, meant to outlive this one: standard input and
/// output are pipes to this process, standard error is shared.
///
/// It is never killed or waited for here: a one-shot parent exits and the child is adopted
/// by init (or the user manager); a long-lived parent reaps it with ``reapFinished()``.
final class DetachedChild {
    let pid: pid_t
    private var input: Int32
    private var output: Int32

    /// `POSIX_SPAWN_SETSID` (glibc 2.26 and later), which the Glibc module hides behind _GNU_SOURCE.
    private static let setsidFlag: Int32 = 0x80

    /// Starts `path` with `arguments` and exactly `environment`.
    init(path: String, arguments: [String], environment: [String: String]) throws(SpawnedChild.SpawnError) {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard dq_pipe_cloexec(&toChild) == 0 else { throw SpawnedChild.SpawnError(description: String(cString: strerror(errno))) }
        guard dq_pipe_cloexec(&fromChild) == 0 else {
            close(toChild[0])
            close(toChild[1])
            throw SpawnedChild.SpawnError(description: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | Self.setsidFlag))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw SpawnedChild.SpawnError(description: String(cString: strerror(status)))
        }
        self.pid = pid
        input = toChild[1]
        output = fromChild[0]
    }

    deinit {
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
    }

    /// Writes `bytes` to the child's standard input and closes it.
    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
        }
        close(input)
        input = -1
    }

    /// The first line the child writes (without its newline), read for at most `seconds`;
    /// nil at the deadline or if the child closes its output first.
    func firstLine(seconds: Double) -> [UInt8]? {
        var line: [UInt8] = []
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let end = Double(start.tv_sec) + Double(start.tv_nsec) / 1e9 + max(0, seconds)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            guard left > 0 else { return nil }
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, Int32(min(left * 1000, Double(Int32.max))) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let got = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
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
