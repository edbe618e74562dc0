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
    /// The signal that asks the holder to let go, when it is not SIGTERM: SIGUSR1 for `run`,
    /// which holds in its own process and stops on SIGTERM.
    package var release: Int32?

    package init(pid: Int32, id: UInt32, postedAt: Int64, until: Int64, server: String, release: Int32? = nil) {
        (self.pid, self.id, self.postedAt, self.until, self.server, self.release) = (pid, id, postedAt, until, server, release)
    }

    package static func files(in paths: AppPaths) -> (marker: String, lock: String) { (paths.holdMarker, paths.holdLock) }

    /// Asks the holder to let go (SIGTERM, or ``release``): it closes its notification and lets
    /// go of the lock.
    ///
    /// The process is checked to be dailyquote first (a holder, or `run` where it says how to
    /// release it), so a recycled PID is left alone.
    package func end() {
        if let release { send(release, holderOnly: false) } else { send(SIGTERM, holderOnly: true) }
    }

    /// Kills a holder process that did not end when asked (stopped, or frozen).
    ///
    /// The kernel then frees its lock. A scheduler (`run`) is never killed.
    package func kill() {
        guard release == nil else { return }
        send(SIGKILL, holderOnly: true)
    }

    private func send(_ signal: Int32, holderOnly: Bool) {
        guard pid > 0, pid != getpid(), let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return }
        let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        // The program is dailyquote by its name (an installed `dailyquote`, or a copy such as
        // `dailyquote-new`), or started through /proc/self/exe.
        guard let program = words.first.map({ PathName.lastComponent(of: $0) }),
            program.hasPrefix("dailyquote") || program == "exe", !holderOnly || words.dropFirst().first == "hold"
        else { return }
        Glibc.kill(pid, signal)
    }
}
