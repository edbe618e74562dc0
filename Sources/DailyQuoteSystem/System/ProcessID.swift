import FoundationEssentials
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

    /// Whether the process has ended: there is no such process, or it waits to be reaped (a
    /// holder of a `run`, until `run` reaps it).
    package var hasEnded: Bool {
        if kill(rawValue, 0) != 0 { return errno == ESRCH }
        // /proc/PID/stat: "PID (NAME) STATE ...", where NAME may hold spaces and parentheses.
        guard let stat = FileManager.default.contents(atPath: "/proc/\(rawValue)/stat"),
            let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.endIndex
        else { return false }
        return stat[close + 2] == UInt8(ascii: "Z")
    }

    /// Waits until the process has ended (``hasEnded``), looking every 10 ms; whether it had by `deadline`.
    package func waitEnded(until deadline: Deadline) -> Bool {
        while !hasEnded {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// Sends `signal` to the process group this process leads; whether it was sent.
    @discardableResult
    package func signalGroup(_ signal: UnixSignal) -> Bool {
        kill(-rawValue, signal.rawValue) == 0
    }

    package var description: String { String(rawValue) }
}
