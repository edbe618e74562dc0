import CLinuxEvents
import SystemPackage

/// Signals routed to one consumer's descriptor by the ``SignalRouter``, from its
/// ``SignalRouter/subscribe(_:into:)`` until this value goes.
///
/// Wait on ``descriptor`` (in `poll`, or as a GLib loop's fd source): it is readable once one
/// of the ``signals`` came, until ``drain()``. When the value goes, the route is taken out
/// first (and, for a signal no one else waits on, the action it replaced put back), then the
/// descriptor is closed: the handler never writes to a closed descriptor.
package final class SignalSubscription: Sendable {
    package let signals: [UnixSignal]
    private let counter: EventCounter
    /// The router's sequence when this began: a signal stamped at or before it came earlier.
    private let since: UInt

    init(signals: [UnixSignal], counter: EventCounter, since: UInt) {
        (self.signals, self.counter, self.since) = (signals, counter, since)
    }

    deinit {
        for signal in signals { dq_route_remove(signal.rawValue, counter.descriptor.rawValue) }
    }

    /// Readable once one of the signals came (or ``EventCounter/add()`` was called on the counter).
    package var descriptor: FileDescriptor { counter.descriptor }

    /// Whether one of the signals came (the descriptor is not read, so it stays so).
    package var received: Bool { counter.isRaised }

    /// Forgets the signals that came so far.
    package func drain() { counter.drain() }

    /// The signal of ``signals`` that came last since this began; nil if none did.
    package var lastSignal: UnixSignal? {
        signals.map { ($0, dq_route_stamp($0.rawValue)) }.filter { $0.1 > since }.max { $0.1 < $1.1 }?.0
    }
}
