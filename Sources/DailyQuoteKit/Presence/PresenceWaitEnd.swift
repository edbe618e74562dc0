/// How a wait for the person's presence ended.
package enum PresenceWaitEnd: String, Sendable, Equatable {
    /// They are back: unlocked, and notifications are no longer inhibited.
    case present
    /// The wait's limit came first; the delivery is posted anyway.
    case timeout
    /// SIGTERM or SIGINT (or `run`'s stop request): nothing is posted.
    case stopped
}
