import CLinuxEvents

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`: standard input from /dev/null, standard output
/// and error into pipes, no shell.
///
/// The child starts with an empty signal mask and default signal actions, whatever the
/// parent blocks. `wait()` reaps it; a child never waited for is killed and reaped in `deinit`.
final class SpawnedChild {
    /// Why a child could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    private let pid: pid_t
    private var stdoutPipe: Int32
    private var stderrPipe: Int32
    private var reaped = false

    /// Starts `path` with `arguments` and exactly `environment`.
    init(path: String, arguments: [String], environment: [String: String]) throws(SpawnError) {
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard dq_pipe_cloexec(&out) == 0 else { throw SpawnError(description: String(cString: strerror(errno))) }
        guard dq_pipe_cloexec(&err) == 0 else {
            close(out[0])
            close(out[1])
            throw SpawnError(description: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(out[1])
        close(err[1])
        guard status == 0 else {
            close(out[0])
            close(err[0])
            throw SpawnError(description: String(cString: strerror(status)))
        }
        self.pid = pid
        stdoutPipe = out[0]
        stderrPipe = err[0]
    }

    deinit {
        if !reaped { kill() }
        if stdoutPipe >= 0 { close(stdoutPipe) }
        if stderrPipe >= 0 { close(stderrPipe) }
    }

    /// Reads standard output and error until both end, for at most `seconds`; nil at the deadline.
    ///
    /// Both pipes are read in one poll loop, so a child that fills one cannot block on it.
    func collectOutput(seconds: Double) -> (stdout: [UInt8], stderr: [UInt8])? {
        var collected: [[UInt8]] = [[], []]
        var live = [stdoutPipe, stderrPipe]
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Double(deadline.tv_sec) + Double(deadline.tv_nsec) / 1e9 + max(0, seconds)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while live.contains(where: { $0 >= 0 }) {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            guard left > 0 else { return nil }
            var fds = live.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, Double(Int32.max))) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return nil }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let got = chunk.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if got < 0, errno == EINTR || errno == EAGAIN { continue }
                if got <= 0 {
                    live[index] = -1
                } else {
                    collected[index].append(contentsOf: chunk[..<got])
                }
            }
        }
        return (collected[0], collected[1])
    }

    /// Waits for the child; its exit status, or nil if a signal ended it.
    func wait() -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        reaped = true
        // WIFEXITED / WEXITSTATUS, which Swift cannot import as macros.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// Kills the child (SIGKILL) and reaps it.
    func kill() {
        guard !reaped else { return }
        Glibc.kill(pid, SIGKILL)
        _ = wait()
    }
}
