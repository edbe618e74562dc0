import Synchronization

@testable import DailyQuoteKit

/// A settable clock shared by a stage and a ``FakePresence``.
final class TestClock: Sendable {
    private let now: Mutex<Int64>
    init(_ start: Int64) { now = Mutex(start) }
    var value: Int64 { now.withLock { $0 } }
    func advance(_ seconds: Int64) { now.withLock { $0 += seconds } }
}

/// A ``PresenceChecking`` whose person is away until the scripted waits run out: each wait
/// advances the clock and ends as scripted, and the waits asked for are recorded.
final class FakePresence: PresenceChecking, Sendable {
    struct Step: Sendable {
        /// Seconds the wait takes; nil: all it was given.
        var takes: Int64?
        var end: PresenceWaitEnd
        /// A stop request that comes once the wait has ended (as SIGTERM right after an unlock).
        var stopAfter = false
    }

    private let clock: TestClock
    private let state: Mutex<(steps: [Step], requested: [Int64], reason: AwayReason, stopped: Bool, catching: Bool, caught: [Bool])>

    init(clock: TestClock, reason: AwayReason = .locked, steps: [Step]) {
        self.clock = clock
        state = Mutex((steps, [], reason, false, false, []))
    }

    /// For each wait, whether its watch was catching stop requests when it began.
    var caughtStops: [Bool] { state.withLock { $0.caught } }

    /// The `seconds` each wait was given.
    var requested: [Int64] { state.withLock { $0.requested } }

    func awayWatch() -> (any PresenceWatching)? {
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

    final class Watch: PresenceWatching {
        let presence: FakePresence
        let reason: AwayReason
        init(presence: FakePresence, reason: AwayReason) {
            self.presence = presence
            self.reason = reason
        }
        func waitUntilPresent(seconds: Int64, reasonChanged: (AwayReason) -> Void) -> PresenceWaitEnd { presence.wait(seconds) }
        func catchStops() -> Bool {
            presence.catchStops()
            return true
        }
        var stopRequested: Bool { presence.stopRequested }
    }
}
