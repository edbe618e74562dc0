import CLinuxEvents

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// `posix_spawn` as both kinds of child use it: pipes for some standard streams, no shell, an
/// empty signal mask and default signal actions whatever this process blocks or ignores.
enum PosixSpawn {
    /// A close-on-exec pipe: (read end, write end).
    static func pipe() throws(SpawnedChild.SpawnError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard dq_pipe_cloexec(&fds) == 0 else { throw SpawnedChild.SpawnError(description: SystemError.last("pipe").message) }
        return (fds[0], fds[1])
    }

    /// `POSIX_SPAWN_SETSID` (glibc 2.26 and later), which the Glibc module hides behind _GNU_SOURCE.
    private static let setsidFlag: Int32 = 0x80

    /// Starts `path` with `arguments` and exactly `environment`, and returns its PID.
    ///
    /// `streams` maps a child's descriptor (0, 1, 2) to one of ours; those in `discarding`, and a
    /// standard input without one, are /dev/null. With `newSession`, the child leads a session of its own and inherits
    /// no other descriptor: a process meant to outlive this one must not keep a caller's pipe
    /// open (`$(dailyquote notify)`, or faketime's, would wait for it to end).
    static func start(
        path: String, arguments: [String], environment: [String: String], streams: [Int32: Int32], discarding: Set<Int32> = [],
        newSession: Bool = false
    ) throws(SpawnedChild.SpawnError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in discarding.union(streams[0] == nil ? [0] : []).sorted() where streams[descriptor] == nil {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        for (child, parent) in streams.sorted(by: { $0.key < $1.key }) { posix_spawn_file_actions_adddup2(&actions, parent, child) }
        if newSession { dq_spawn_add_closefrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setsidFlag : 0)))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnedChild.SpawnError(description: SystemError.reason(forCode: status)) }
        return pid
    }
}
