import SystemPackage

/// How a wait for presence hears a stop request.
package enum PresenceStop: Sendable, Equatable {
    /// SIGTERM and SIGINT end the wait, and stop the delivery until it posts (`notify`): they are
    /// routed to the watch (``SignalRouter``) from the moment the person is found away until it goes.
    case signals
    /// The descriptor becoming readable ends the wait (`run`'s stop eventfd, which it keeps reading).
    case descriptor(FileDescriptor)
}

/// The real presence signals of this session: logind, the screensaver and the notification server.
package struct SessionPresence: PresenceChecking {
    /// logind's session id (`$XDG_SESSION_ID`), if the process has one.
    package var sessionId: String?
    package var stop: PresenceStop

    package init(environment: [String: String], stop: PresenceStop) {
        sessionId = environment["XDG_SESSION_ID"].flatMap { $0.isEmpty ? nil : $0 }
        self.stop = stop
    }

    package func awayWatch() -> (any PresenceWatching)? {
        let watch = SessionPresenceWatch(sessionId: sessionId, stop: stop)
        return watch.state.away == nil ? nil : watch
    }

    /// Which signals this session offers, for `doctor`.
    package func signals() -> PresenceSignals {
        SessionPresenceWatch(sessionId: sessionId, stop: stop).signals
    }
}
