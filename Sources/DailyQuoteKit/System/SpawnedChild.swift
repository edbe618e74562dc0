import SystemPackage

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// A child process started with `posix_spawn`: standard input from /dev/null or given bytes,
/// standard output and error into pipes, no shell.
///
/// The product runs `systemctl` and `systemd-analyze` with it (``Subprocess``); the tests run
/// the built binary with it.
///
/// The child starts with an empty signal mask and default signal actions, whatever the
/// parent blocks. `wait()` reaps it; a child never waited for is killed and reaped in `deinit`.
package final class SpawnedChild {
    /// Why a child could not be started.
    package struct SpawnError: Error, CustomStringConvertible {
        package var description: String
    }

    private let pid: pid_t
    private var stdoutPipe: Int32
    private var stderrPipe: Int32
    private var reaped = false

    /// Starts `path` with `arguments` and exactly `environment`; `standardInput`, if given, is
    /// written to the child's standard input (which is then closed), else it reads /dev/null.
    ///
    /// The input is written before the output is read: keep it under a pipe's 64 KiB.
    package init(path: String, arguments: [String], environment: [String: String], standardInput: [UInt8]? = nil) throws(SpawnError) {
        var opened: [Int32] = []
        func pipe() throws(SpawnError) -> (read: Int32, write: Int32) {
            do {
                let ends = try PosixSpawn.pipe()
                opened += [ends.read, ends.write]
                return ends
            } catch {
                for fd in opened { close(fd) }
                throw error
            }
        }
        let out = try pipe()
        let err = try pipe()
        let input = try standardInput.map { _ throws(SpawnError) in try pipe() }
        var streams: [Int32: Int32] = [1: out.write, 2: err.write]
        if let input { streams[0] = input.read }
        do {
            pid = try PosixSpawn.start(path: path, arguments: arguments, environment: environment, streams: streams)
        } catch {
            for fd in opened { close(fd) }
            throw error
        }
        // The child has its copies; ours must close for end-of-file to arrive when it exits.
        close(out.write)
        close(err.write)
        stdoutPipe = out.read
        stderrPipe = err.read
        if let input, let standardInput {
            close(input.read)
            // A child that exits without reading its input is no error here: its status says what happened.
            try? SystemCall.writeAll(standardInput, to: FileDescriptor(rawValue: input.write), path: "the child's standard input")
            close(input.write)
        }
    }

    deinit {
        if !reaped { kill() }
        if stdoutPipe >= 0 { close(stdoutPipe) }
        if stderrPipe >= 0 { close(stderrPipe) }
    }

    /// Reads standard output and error until both end, at most until `deadline`; nil at the deadline.
    ///
    /// Both pipes are read in one poll loop, so a child that fills one cannot block on it.
    package func collectOutput(until deadline: Deadline) -> (stdout: [UInt8], stderr: [UInt8])? {
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
    package func wait() -> Int32? {
        waitStatus().exit
    }

    /// Waits for the child; its exit status, or the signal that ended it.
    package func waitStatus() -> (exit: Int32?, signal: Int32?) {
        var status: Int32 = 0
        _ = SystemCall.retrying { waitpid(pid, &status, 0) }
        reaped = true
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
        return status & 0x7f == 0 ? ((status >> 8) & 0xff, nil) : (nil, status & 0x7f)
    }

    /// Kills the child (SIGKILL) and reaps it.
    package func kill() {
        guard !reaped else { return }
        Glibc.kill(pid, SIGKILL)
        _ = wait()
    }
}
