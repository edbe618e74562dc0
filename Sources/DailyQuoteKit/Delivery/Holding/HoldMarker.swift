import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// What a running holder keeps: ``AppPaths/holdMarker``, valid while the holder holds
/// ``AppPaths/holdLock``.
///
/// The next delivery reads it to replace the held notification in place and to end its
/// holder; `status` reads it to show a live holder.
package struct HoldMarker: LiveMarker, Sendable, Codable, Equatable {
    package var pid: Int32
    /// The held notification's id on the server.
    package var id: UInt32
    /// When it was posted (Unix seconds): with `id`, the history entry it belongs to.
    package var postedAt: Int64
    /// When the holder lets go at the latest (Unix seconds).
    package var until: Int64
    /// The server's name.
    package var server: String

    package static func files(in paths: AppPaths) -> (marker: String, lock: String) { (paths.holdMarker, paths.holdLock) }

    /// Asks the holder to end (SIGTERM): it closes its notification and lets go of the lock.
    ///
    /// The process is checked to be a dailyquote holder first, so a recycled PID is left alone.
    package func end() { send(SIGTERM) }

    /// Kills a holder that did not end when asked (stopped, or frozen): the kernel then frees its lock.
    package func kill() { send(SIGKILL) }

    private func send(_ signal: Int32) {
        guard pid > 0, pid != getpid(), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return }
        let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard words.contains("hold"), words.contains(where: { $0.hasSuffix("dailyquote") || $0.hasSuffix("/exe") }) else { return }
        Glibc.kill(pid, signal)
    }
}
