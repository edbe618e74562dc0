import Dispatch
import Synchronization

/// Runs blocking work (C calls that cannot be cancelled) on its own thread and stops waiting
/// for it after a deadline.
///
/// The work is not interrupted: the thread stays blocked until the call returns or the
/// process exits. That is the point: a frozen D-Bus peer must not freeze the caller.
package enum BlockingDeadline {
    /// The result of `work`, or nil if it did not finish within `seconds`.
    package static func run<T: Sendable, E: Error>(
        seconds: Double, _ work: @escaping @Sendable () throws(E) -> T
    ) -> Result<T, E>? {
        let box = ResultBox<T, E>()
        do {
            try DetachedThread.start {
                let result = Result<T, E> { () throws(E) -> T in try work() }
                box.set(result)
            }
        } catch {
            // No thread to be had (the process is at its limit): do the work here, unbounded.
            return Result { () throws(E) -> T in try work() }
        }
        return box.wait(seconds: seconds)
    }
}

/// A one-shot result handed from the worker thread to the waiting one.
private final class ResultBox<T: Sendable, E: Error>: Sendable {
    private let result = Mutex<Result<T, E>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func set(_ value: Result<T, E>) {
        result.withLock { $0 = value }
        done.signal()
    }

    func wait(seconds: Double) -> Result<T, E>? {
        guard done.wait(timeout: .now() + max(0, seconds)) == .success else { return nil }
        return result.withLock { $0 }
    }
}
