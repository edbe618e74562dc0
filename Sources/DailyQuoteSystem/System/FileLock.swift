import FoundationEssentials
import Glibc
import SystemPackage

/// An exclusive `flock` on a lock file, released when the value is released (or the process
/// exits, whichever comes first: the kernel drops it either way).
package final class FileLock {
    private let descriptor: FileDescriptor

    /// Why the lock could not be taken.
    package enum LockError: Error, Equatable, LocalizedError {
        case cannotOpen(path: String, reason: String)
        case timedOut(path: String)
        /// `stopped` said to give up the wait.
        case stopped(path: String)

        package var errorDescription: String? {
            switch self {
            case .cannotOpen(let path, let reason): "cannot open lock file \(path): \(reason)"
            case .timedOut(let path): "another dailyquote process holds \(path); gave up waiting"
            case .stopped(let path): "stopped while waiting for \(path)"
            }
        }
    }

    /// Takes the lock on `path` (created 0600, with a 0700 directory), waiting at most until
    /// `deadline`.
    ///
    /// It retries a non-blocking `flock`, first after 0.1 ms and then at twice the last pause up
    /// to 10 ms, so the wait has a hard bound, a lock let go of at once is taken at once (a
    /// holder taking over waits for exactly that), and a long wait costs no more than before;
    /// it gives up as soon as `stopped` says so (a stop request).
    /// A `shared` lock only marks presence: any number can hold it, and ``isHeld(path:)`` sees them.
    package init(path: String, until deadline: Deadline, shared: Bool = false, stopped: () -> Bool = { false }) throws(LockError) {
        try? SystemCall.createPrivateDirectory(PathName.directory(of: path))
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                FilePath(path), .readWrite, options: [.create, .closeOnExec], permissions: [.ownerReadWrite], retryOnInterrupt: true)
        } catch {
            throw .cannotOpen(path: path, reason: SystemError.thrown(error, "open").reason)
        }
        var pause: UInt32 = 100
        while flock(descriptor.rawValue, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            // EINTR is a retry like EWOULDBLOCK: the deadline bounds both.
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                try? descriptor.close()
                throw .timedOut(path: path)
            }
            guard !stopped() else {
                try? descriptor.close()
                throw .stopped(path: path)
            }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        self.descriptor = descriptor
    }

    /// Whether some process holds a lock on `path` (a missing file means no).
    package static func isHeld(path: String) -> Bool {
        guard let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec], retryOnInterrupt: true)
        else { return false }
        defer { try? descriptor.close() }
        if flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0 {
            flock(descriptor.rawValue, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    deinit {
        flock(descriptor.rawValue, LOCK_UN)
        try? descriptor.close()
    }
}

extension FileLock.LockError: UserFacingError {
    package var kind: ErrorKind {
        switch self {
        case .timedOut: .temporary  // another run holds the lock; try again later
        case .stopped: .temporary  // the delivery stage turns it into its stopped outcome
        case .cannotOpen: .cannotWrite
        }
    }
}
