import DailyQuoteSystem
import FoundationEssentials

/// A delivery waiting for the person: `presence.json` in the state directory, valid while a
/// waiting process holds `presence.lock` (shared: two waiters may hold it).
///
/// `status` reads it to say `waiting for you to unlock (since 08:00, until 11:00)`.
package struct PresenceWaitMarker: LiveMarker, Sendable, Codable, Equatable {
    package var pid: Int32
    /// The planned delivery that waits (Unix seconds).
    package var plannedAt: Int64
    /// When the wait began and when it ends at the latest (Unix seconds).
    package var since: Int64
    package var until: Int64
    package var reason: AwayReason

    package static func files(in paths: AppPaths) -> (marker: String, lock: String) { (paths.presenceMarker, paths.presenceLock) }

    /// Writes the marker and takes the lock that makes it live; the wait lasts while the lock is kept.
    ///
    /// A marker that cannot be written only hides the wait from `status`, so it returns nil then.
    package func publish(in paths: AppPaths) -> FileLock? {
        guard let lock = try? FileLock(path: Self.files(in: paths).lock, until: .after(seconds: 1), shared: true),
            (try? write(in: paths)) != nil
        else { return nil }
        return lock
    }

    /// `waiting for you to unlock (since 08:00, until 11:00)`, in `zone`.
    package func text(zone: ZoneRules) -> String {
        func clock(_ instant: Int64) -> String { ZonedTimeFormat.clock(zone.wallTime(at: instant).secondsIntoDay, withSeconds: false) }
        return "\(reason.waitingText) (since \(clock(since)), until \(clock(until)))"
    }
}
