import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The result of running a child process to completion.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs programs for tests, with an explicit environment and optional standard input.
///
/// It spawns with `posix_spawn`, an empty signal mask and default signal dispositions.
/// Foundation's `Process` passes on the test runner's blocked signals, and a child that
/// blocks SIGTERM cannot be stopped the way a user's shell or systemd stops it.
public enum ProcessRunner {
    /// Serialises pipe creation and spawning (see `run`).
    private static let spawnLock = NSLock()

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Runs `executable` with `arguments`; `environment` replaces the whole environment.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) throws -> ProcessResult {
        // Tests spawn in parallel, and a pipe end leaked into another child would keep EOF from
        // ever arriving: pipes are made close-on-exec, and made and spawned under one lock.
        spawnLock.lock()
        var locked = true
        defer { if locked { spawnLock.unlock() } }
        let out = try ClosingPipe()
        let err = try ClosingPipe()
        let input = try ClosingPipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read.fileDescriptor, 0)
        posix_spawn_file_actions_adddup2(&actions, out.write.fileDescriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, err.write.fileDescriptor, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        spawnLock.unlock()
        locked = false
        // The child has its copies; close ours so that EOF arrives when it exits.
        try out.write.close()
        try err.write.close()
        try input.read.close()
        guard spawned == 0 else {
            throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        // Read both pipes concurrently with the child so that neither can fill up and block it.
        let outData = ReadBuffer(out.read)
        let errData = ReadBuffer(err.read)
        if let stdin { input.write.write(Data(stdin.utf8)) }
        try input.write.close()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessResult(
            status: exitStatus, stdout: String(decoding: outData.wait(), as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self))
    }
}

/// A pipe whose two ends are close-on-exec.
private struct ClosingPipe {
    let read: FileHandle
    let write: FileHandle

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw ProcessRunner.SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        read = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        write = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
    }
}

/// Drains a file handle on a background thread.
private final class ReadBuffer: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
