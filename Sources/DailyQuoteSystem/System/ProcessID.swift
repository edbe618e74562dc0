import Glibc

/// A process, by its PID: what a holder's marker names and a ``Child`` is.
package struct ProcessID: Sendable, Hashable, CustomStringConvertible {
    package var rawValue: pid_t

    package init(_ rawValue: pid_t) {
        self.rawValue = rawValue
    }

    /// This process.
    package static var current: ProcessID { ProcessID(getpid()) }

    /// Sends `signal`; whether it was sent (not: no such process, or not this user's).
    @discardableResult
    package func signal(_ signal: UnixSignal) -> Bool {
        kill(rawValue, signal.rawValue) == 0
    }

    /// Sends `signal` to the process group this process leads; whether it was sent.
    @discardableResult
    package func signalGroup(_ signal: UnixSignal) -> Bool {
        kill(-rawValue, signal.rawValue) == 0
    }

    package var description: String { String(rawValue) }
}
