import DailyQuoteKit
import Synchronization

/// A ``PresenceChecking`` whose person is away until the scripted waits run out: the presence wait, without logind or a bus.
///
/// Each wait advances the ``TestClock`` and ends as scripted, and the waits asked for are recorded.
package final class FakePresence: PresenceChecking, Sendable {
    /// One scripted wait.
    package struct Step: Sendable {
        /// Seconds the wait takes; nil: all it was given.
        package var takes: Int64?
        /// How the wait ends.
        package var end: PresenceWaitEnd
        /// A stop request that comes once the wait has ended (as SIGTERM right after an unlock).
        package var stopAfter = false

        package init(takes: Int64? = nil, end: PresenceWaitEnd, stopAfter: Bool = false) {
            self.takes = takes
            self.end = end
            self.stopAfter = stopAfter
        }
    }

    private let clock: TestClock
    private let state: Mutex<(steps: [Step], requested: [Int64], reason: AwayReason, stopped: Bool, catching: Bool, caught: [Bool])>

    /// A person away for `reason` until `steps` have run, on `clock`.
    package init(clock: TestClock, reason: AwayReason = .locked, steps: [Step]) {
        self.clock = clock
        state = Mutex((steps, [], reason, false, false, []))
    }

    /// For each wait, whether its watch was catching stop requests when it began.
    package var caughtStops: [Bool] { state.withLock { $0.caught } }

    /// The `seconds` each wait was given.
    package var requested: [Int64] { state.withLock { $0.requested } }

    package func awayWatch() -> (any PresenceWatching)? {
        let reason = state.withLock { $0.steps.isEmpty ? nil : $0.reason }
        return reason.map { Watch(presence: self, reason: $0) }
    }

    fileprivate func wait(_ seconds: Int64) -> PresenceWaitEnd {
        let step = state.withLock { s -> Step in
            s.requested.append(seconds)
            s.caught.append(s.catching)
            let step = s.steps.removeFirst()
            if step.stopAfter || step.end == .stopped { s.stopped = true }
            return step
        }
        clock.advance(step.takes ?? seconds)
        return step.end
    }

    fileprivate var stopRequested: Bool { state.withLock { $0.stopped } }
    fileprivate func catchStops() { state.withLock { $0.catching = true } }

    /// The watch of one away spell: its waits are the presence's scripted steps.
    package final class Watch: PresenceWatching {
        let presence: FakePresence
        package let reason: AwayReason
        init(presence: FakePresence, reason: AwayReason) {
            self.presence = presence
            self.reason = reason
        }
        package func waitUntilPresent(seconds: Int64, reasonChanged: (AwayReason) -> Void) -> PresenceWaitEnd { presence.wait(seconds) }
        package func catchStops() -> Bool {
            presence.catchStops()
            return true
        }
        package var stopRequested: Bool { presence.stopRequested }
    }
}
