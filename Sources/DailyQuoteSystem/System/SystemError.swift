import FoundationEssentials
import Glibc
import SystemPackage

/// A system call that failed: what was being done, to which file, and swift-system's `Errno`.
///
/// The one place a system error becomes words: every other error that reports one carries
/// this value, so messages keep one shape (`cannot open /path: Permission denied`).
package struct SystemError: Error, Equatable, Sendable, LocalizedError {
    /// What was being done: `cannot open`, `cannot write`, `timerfd_create`.
    package var operation: String
    /// The file, when there is one.
    package var path: String?
    package var errno: Errno

    package init(_ operation: String, path: String? = nil, errno: Errno) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    /// The error of the call that just failed (C's `errno`).
    package static func last(_ operation: String, path: String? = nil) -> SystemError {
        SystemError(operation, path: path, errno: Errno(rawValue: Glibc.errno))
    }

    /// The error swift-system threw for `operation`.
    package static func thrown(_ error: any Error, _ operation: String, path: String? = nil) -> SystemError {
        SystemError(operation, path: path, errno: error as? Errno ?? .ioError)
    }

    /// The system's words for the error (`No such file or directory`).
    package var reason: String { errno.description }

    /// The system's words for a status that a call returned instead of setting `errno`
    /// (`posix_spawn`, `pthread_create`).
    package static func reason(forCode code: Int32) -> String { Errno(rawValue: code).description }

    package var errorDescription: String? { "\(operation)\(path.map { " \($0)" } ?? ""): \(reason)" }
}
