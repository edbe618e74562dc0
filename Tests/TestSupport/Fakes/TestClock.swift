import Synchronization

/// A settable clock, in seconds since the epoch, shared by a stage and a ``FakePresence``: time that passes only when the test says.
package final class TestClock: Sendable {
    private let now: Mutex<Int64>
    /// A clock that reads `start`.
    package init(_ start: Int64) { now = Mutex(start) }
    /// What the clock reads.
    package var value: Int64 { now.withLock { $0 } }
    /// Moves the clock on by `seconds`.
    package func advance(_ seconds: Int64) { now.withLock { $0 += seconds } }
}
