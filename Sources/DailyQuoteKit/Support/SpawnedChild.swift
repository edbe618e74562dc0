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
        let out = try PosixSpawn.pipe()
        let err: (read: Int32, write: Int32)
        do {
            err = try PosixSpawn.pipe()
        } catch {
            close(out.read)
            close(out.write)
            throw error
        }
        defer {
            close(out.write)
            close(err.write)
        }
        do {
            pid = try PosixSpawn.start(path: path, arguments: arguments, environment: environment, streams: [1: out.write, 2: err.write])
        } catch {
            close(out.read)
            close(err.read)
            throw error
        }
        stdoutPipe = out.read
        stderrPipe = err.read
    }

    deinit {
        if !reaped { kill() }
        if stdoutPipe >= 0 { close(stdoutPipe) }
        if stderrPipe >= 0 { close(stderrPipe) }
    }

    /// Reads standard output and error until both end, at most until `deadline`; nil at the deadline.
    ///
    /// Both pipes are read in one poll loop, so a child that fills one cannot block on it.
    func collectOutput(until deadline: Deadline) -> (stdout: [UInt8], stderr: [UInt8])? {
        var collected: [[UInt8]] = [[], []]
        var live = [stdoutPipe, stderrPipe]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while live.contains(where: { $0 >= 0 }) {
            let left = deadline.secondsLeft
            guard left > 0 else { return nil }
            var fds = live.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = SystemCall.retrying { poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, Double(Int32.max))) + 1) }
            guard ready >= 0 else { return nil }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let got = SystemCall.retrying { chunk.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) } }
                if got < 0, errno == EAGAIN { continue }
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
        _ = SystemCall.retrying { waitpid(pid, &status, 0) }
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
