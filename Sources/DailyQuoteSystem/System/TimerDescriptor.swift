import CLinuxEvents
import Glibc
import SystemPackage

/// A one-shot `timerfd`, readable once it fires.
///
/// A `poll` or a GLib loop waits on it without waking in between. Owns its descriptor
/// (close-on-exec) and closes it in `deinit`.
package final class TimerDescriptor: Sendable {
    /// The clock a timer runs on.
    package enum Clock: Sendable {
        /// Wall-clock time, for an instant (`run`'s next delivery): time suspended counts, and
        /// with `cancelledByClockChange` setting the clock wakes the wait.
        case realtime
        /// Time since boot, suspend included (the presence wait's limit).
        case boottime
    }

    /// What reading a timer that was readable found.
    package enum Expiry: Sendable, Equatable {
        case fired
        /// The clock was set, with the timer armed `cancelledByClockChange`.
        case clockChanged
    }

    /// Readable once the timer fired.
    package let descriptor: FileDescriptor

    package init(clock: Clock) throws(SystemError) {
        let raw = timerfd_create(clock == .realtime ? CLOCK_REALTIME : CLOCK_BOOTTIME, Int32(TFD_CLOEXEC))
        guard raw >= 0 else { throw .last("timerfd_create") }
        descriptor = FileDescriptor(rawValue: raw)
    }

    deinit { try? descriptor.close() }

    /// Arms the timer to fire once, `seconds` and `nanoseconds` from now.
    ///
    /// Where `absolute`, at that instant (Unix time) instead; with `cancelledByClockChange`
    /// (absolute wall-clock only), setting the clock makes it readable with
    /// ``Expiry/clockChanged``. A zero time disarms it.
    package func arm(seconds: Int64, nanoseconds: Int = 0, absolute: Bool = false, cancelledByClockChange: Bool = false)
        throws(SystemError)
    {
        let flags = (absolute ? TFD_TIMER_ABSTIME : 0) | (cancelledByClockChange ? TFD_TIMER_CANCEL_ON_SET : 0)
        try SystemCall.check("timerfd_settime") { dq_timerfd_arm(descriptor.rawValue, Int32(flags), seconds, nanoseconds) }
    }

    /// Reads a readable timer: fired, or cancelled by a change of the clock.
    package func read() -> Expiry {
        var expirations: UInt64 = 0
        do {
            _ = try withUnsafeMutableBytes(of: &expirations) { try descriptor.read(into: $0, retryOnInterrupt: true) }
        } catch {
            if error as? Errno == .canceled { return .clockChanged }
        }
        return .fired
    }
}
