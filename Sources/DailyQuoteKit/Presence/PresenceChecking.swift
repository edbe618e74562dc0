/// Tells whether the person is at their desk, and waits for them when they are not; the
/// delivery stage asks it before it posts.
package protocol PresenceChecking: Sendable {
    /// A watch on the person's presence when they are away now; nil when they are present or
    /// nothing can tell.
    func awayWatch() -> (any PresenceWatching)?
}

/// A live watch on the presence signals, made by ``PresenceChecking/awayWatch()``.
package protocol PresenceWatching: AnyObject {
    /// Why the person is away.
    var reason: AwayReason { get }
    /// Blocks the calling thread until the person is back, `seconds` have passed, or a stop is requested.
    ///
    /// `reasonChanged` hears of each new ``reason`` while the person stays away (the screen
    /// unlocked, do-not-disturb still on).
    func waitUntilPresent(seconds: Int64, reasonChanged: (AwayReason) -> Void) -> PresenceWaitEnd
}
