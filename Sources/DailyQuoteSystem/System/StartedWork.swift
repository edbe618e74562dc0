import Dispatch
import Synchronization

/// Blocking work started now on its own thread, whose result is collected later.
///
/// For work the caller needs only later, which would otherwise sit on its critical path:
/// libnotify's connection and the server's answer, made by a holder while it reads its request.
/// Collect the result under a deadline (``BlockingDeadline``): the work is never interrupted.
package final class StartedWork<T: Sendable, E: Error>: Sendable {
    private let result = Mutex<Result<T, E>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on a new thread; with no thread to be had, does it here, now.
    package init(_ work: @escaping @Sendable () throws(E) -> T) {
        do {
            try DetachedThread.start { [self] in finish(Result { () throws(E) -> T in try work() }) }
        } catch {
            finish(Result { () throws(E) -> T in try work() })
        }
    }

    private func finish(_ value: Result<T, E>) {
        result.withLock { $0 = value }
        done.signal()
    }

    /// The work's result, once it has finished (at once if it has).
    package func wait() -> Result<T, E> {
        done.wait()
        // Signalled again: a later wait returns at once.
        done.signal()
        // `finish` sets the result before it signals, and nothing clears it: never nil here.
        // swift-format-ignore: NeverForceUnwrap
        return result.withLock { $0! }
    }

    /// The work's result, or nil if it has not finished within `seconds`.
    package func wait(seconds: Double) -> Result<T, E>? {
        guard done.wait(timeout: .now() + max(0, seconds)) == .success else { return nil }
        done.signal()
        return result.withLock { $0 }
    }
}
