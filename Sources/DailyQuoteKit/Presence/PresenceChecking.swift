/// Tells whether the person is at their desk, and waits for them when they are not; the
/// delivery stage asks it before it posts.
package protocol PresenceChecking: Sendable {
    /// A watch on the person's presence when they are away now; nil when they are present or
    /// nothing can tell.
    func awayWatch() -> (any PresenceWatching)?
}

/// A live watch on the presence signals, made by ``PresenceChecking/awayWatch()``.
///
/// It hears stop requests (SIGTERM and SIGINT for `notify`) from ``catchStops()`` until it goes,
/// so the delivery stage keeps it until it has posted or given up.
package protocol PresenceWatching: AnyObject {
    /// Why the person is away.
    var reason: AwayReason { get }
    /// Starts hearing stop requests, before anything says the delivery waits; false if it cannot
    /// (the wait then ends at once, as a timeout).
    func catchStops() -> Bool
    /// Whether a stop was requested since ``catchStops()``, during the wait or after it.
    var stopRequested: Bool { get }
    /// Blocks the calling thread until the person is back, `seconds` have passed, or a stop is requested.
    ///
    /// `reasonChanged` hears of each new ``reason`` while the person stays away (the screen
    /// unlocked, do-not-disturb still on).
    func waitUntilPresent(seconds: Int64, reasonChanged: (AwayReason) -> Void) -> PresenceWaitEnd
}
