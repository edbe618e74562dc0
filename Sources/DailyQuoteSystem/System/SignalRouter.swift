import CLinuxEvents
import Glibc
import SystemPackage

/// The process's one owner of signal handlers, in the spirit of swift-service-lifecycle's:
/// a consumer asks for the signals it waits on and gets a descriptor that they make readable
/// (a ``SignalSubscription``); it never installs a handler of its own.
///
/// One C handler (`CLinuxEvents`) serves every routed signal: it adds 1 to each eventfd in the
/// router's table for that signal, the only way safe in a signal handler to wake a `poll` or a
/// GLib loop. Any number of consumers may wait on the same signal (SIGTERM reaches each). The first
/// route of a signal installs the handler, and the last one's end puts back, with `sigaction`,
/// the action it found. A forked holder starts with an empty table and default actions.
///
/// The table is the process's: this type is its only user, and so the only code here that
/// installs a handler or changes a signal mask.
package enum SignalRouter {
    /// Routes `signals` to `counter` (a new one by default) while the subscription lives, and
    /// unblocks them in the calling thread (one a parent left blocked and pending comes now);
    /// nil, with nothing changed, when they cannot be routed.
    package static func subscribe(_ signals: [UnixSignal], into counter: EventCounter? = nil) -> SignalSubscription? {
        guard let counter = counter ?? (try? EventCounter()) else { return nil }
        // Read first: a signal that comes as it is routed (or held pending until the unblock) is this subscription's.
        let since = dq_route_sequence()
        var routed: [UnixSignal] = []
        for signal in signals {
            guard dq_route_add(signal.rawValue, counter.descriptor.rawValue) == 0 else {
                for done in routed { dq_route_remove(done.rawValue, counter.descriptor.rawValue) }
                return nil
            }
            routed.append(signal)
        }
        setMask(SIG_UNBLOCK, signals)
        return SignalSubscription(signals: signals, counter: counter, since: since)
    }

    /// Runs `body` (writes to a pipe) with SIGPIPE blocked in this thread.
    ///
    /// A reader that has gone then makes the write fail with EPIPE instead of killing this
    /// process. A SIGPIPE the write raised is taken back before the mask is put back, unless
    /// SIGPIPE was blocked already. The one SIGPIPE guard (``Child/send(_:)``).
    package static func withoutBrokenPipeSignal<T>(_ body: () -> T) -> T {
        var pipe = UnixSignal.set([.brokenPipe])
        var previous = setMask(SIG_BLOCK, &pipe)
        defer { _ = setMask(SIG_SETMASK, &previous) }
        let result = body()
        if sigismember(&previous, SIGPIPE) == 0 {
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            _ = SystemCall.retrying { sigtimedwait(&pipe, nil, &none) }
        }
        return result
    }

    /// Blocks (`SIG_BLOCK`) or unblocks (`SIG_UNBLOCK`) `signals` in the calling thread.
    private static func setMask(_ how: Int32, _ signals: [UnixSignal]) {
        var set = UnixSignal.set(signals)
        _ = setMask(how, &set)
    }

    /// Calls `pthread_sigmask(how, set)` (the only call of it in the library); the mask before.
    private static func setMask(_ how: Int32, _ set: inout sigset_t) -> sigset_t {
        var previous = sigset_t()
        pthread_sigmask(how, &set, &previous)
        return previous
    }
}
