import CGio
import Dispatch
import Synchronization

/// A GLib main loop on the default main context: one thread runs it, any thread may quit it or
/// hand it work (``perform(within:_:)``), which then runs on the loop's thread.
///
/// Sendable without a lock of its own: the loop pointer is immutable, and `g_main_loop_quit`
/// and `g_idle_add` are thread-safe (GLib's own locks); only the one thread that calls ``run()``
/// dispatches the default context.
package final class GioMainLoop: @unchecked Sendable {
    private let loop: OpaquePointer

    package init() {
        loop = g_main_loop_new(nil, 0)
    }

    deinit { g_main_loop_unref(loop) }

    /// Runs the default main context on this thread until ``quit()``.
    package func run() { g_main_loop_run(loop) }

    /// Ends ``run()`` (a call that comes before it is forgotten: call it from the loop's own events).
    package func quit() { g_main_loop_quit(loop) }

    /// Runs `work` on the thread that runs the default main context, and waits at most
    /// `seconds` for its result; nil when it did not come in time (the work still runs later).
    package func perform<T: Sendable>(within seconds: Double, _ work: @escaping () -> T) -> T? {
        let result = Outcome<T>()
        let call = Unmanaged.passRetained(IdleCall { result.set(work()) }).toOpaque()
        g_idle_add(
            { data in
                guard let data else { return 0 }
                Unmanaged<IdleCall>.fromOpaque(data).takeRetainedValue().work()
                return 0  // G_SOURCE_REMOVE
            }, call)
        return result.wait(seconds: seconds)
    }

    /// Work for the loop's thread, boxed to cross `g_idle_add`'s `gpointer`.
    private final class IdleCall {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    /// A result set on the loop's thread and waited for on another.
    private final class Outcome<T: Sendable>: Sendable {
        private let value = Mutex<T?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func set(_ result: T) {
            value.withLock { $0 = result }
            done.signal()
        }

        func wait(seconds: Double) -> T? {
            guard done.wait(timeout: .now() + max(0, seconds)) == .success else { return nil }
            return value.withLock { $0 }
        }
    }
}
