/// Why the person counts as away: a delivery waits until they are back.
package enum AwayReason: String, Sendable, Codable, Equatable {
    /// The session is locked (logind's `LockedHint`) or the screensaver is active.
    case locked
    /// The notification server holds notifications back (Plasma's do-not-disturb, `Inhibited`).
    case inhibited

    /// What `status` says while waiting: `waiting for you to unlock`.
    package var waitingText: String {
        switch self {
        case .locked: "waiting for you to unlock"
        case .inhibited: "waiting for do-not-disturb to end"
        }
    }
}
