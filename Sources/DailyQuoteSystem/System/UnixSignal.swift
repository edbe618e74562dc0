import Glibc

/// A signal's number, named for what dailyquote uses it for.
package struct UnixSignal: Sendable, Hashable, CustomStringConvertible {
    package var rawValue: Int32

    package init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// SIGTERM: stop (systemd, `kill`, a holder taking over).
    package static let terminate = UnixSignal(SIGTERM)
    /// SIGINT: stop (Ctrl-C).
    package static let interrupt = UnixSignal(SIGINT)
    /// SIGPIPE: a write to a pipe whose reader has gone.
    package static let brokenPipe = UnixSignal(SIGPIPE)
    /// SIGKILL: cannot be caught.
    package static let kill = UnixSignal(SIGKILL)
    /// SIGUSR2: what a 1.0.0 `run` took as "end the notification you hold" (`HoldStage.Marker`).
    package static let user2 = UnixSignal(SIGUSR2)

    /// The number, as `kill -l` and the logs show it.
    package var description: String { String(rawValue) }

    /// A set of these signals, for `sigprocmask` and `sigtimedwait`.
    static func set(_ signals: [UnixSignal]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal.rawValue) }
        return set
    }
}
