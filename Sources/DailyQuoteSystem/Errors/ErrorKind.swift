/// What kind of failure an error is; the executable maps each kind to an exit status.
///
/// Library errors carry a kind, never a process status, so that the one table in
/// ``ExitStatus`` decides every status, and the unit generator retries
/// exactly the kinds that are ``isTransient``.
package enum ErrorKind: String, Sendable, Equatable, CaseIterable {
    /// Something asked for could not be done, or a check failed.
    case failed
    /// The command line is wrong.
    case usage
    /// Input handed to the command is not what it expects.
    case badInput
    /// A service the command needs is not there or did not answer: no bus, no server.
    case unavailable
    /// A bug: a state the program should never reach.
    case `internal`
    /// The system refused a resource the command needs (timerfd, inotify).
    case system
    /// A file or directory could not be created, written or removed.
    case cannotWrite
    /// Trying again later may work: no source answered, or another run holds a lock.
    case temporary
    /// The config file is broken.
    case config

    /// Whether trying again later may succeed, so that a service is worth restarting.
    package var isTransient: Bool { self == .unavailable || self == .temporary }
}
