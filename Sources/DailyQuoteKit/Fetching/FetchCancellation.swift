import Synchronization

/// A stop request for a fetch that blocks another thread: `run`'s, when SIGTERM comes mid-fetch.
///
/// ``cancel()`` ends the transfer in progress at once (libcurl's wake-up, CCurl.c) and every
/// later one before it starts, each with ``FetchError/timedOut``; the fetch stage then skips
/// the sources left.
package final class FetchCancellation: Sendable {
    private let state = Mutex<(cancelled: Bool, transfer: CurlTransfer?)>((false, nil))

    package init() {}

    /// Cancels the fetch; safe from any thread.
    package func cancel() {
        state.withLock {
            $0.cancelled = true
            $0.transfer?.cancel()
        }
    }

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `body` with `transfer` as the one that ``cancel()`` ends.
    func during<T>(_ transfer: CurlTransfer, _ body: () throws(FetchError) -> T) throws(FetchError) -> T {
        state.withLock {
            $0.transfer = transfer
            if $0.cancelled { transfer.cancel() }
        }
        defer { state.withLock { $0.transfer = nil } }
        return try body()
    }
}
