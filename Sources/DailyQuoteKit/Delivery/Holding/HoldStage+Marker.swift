import DailyQuoteSystem
import FoundationEssentials

extension HoldStage {
    /// What a running holder keeps: ``AppPaths/holdMarker``, valid while the holder holds
    /// ``AppPaths/holdLock``.
    ///
    /// The next delivery reads it to end its holder, which closes the held notification; `status` reads it to show a live holder.
    ///
    /// A cross-version format (``FormatVersion``): the holder of one version is ended by the
    /// `notify`, `run` or `uninstall` of the next (or of the last, after a downgrade). The contract
    /// fields, which every version writes with these meanings: `pid`, `id`, `postedAt`, `until`,
    /// `server`; and `version`. A 1.0.0 `run` reads the file too, to end a newer holder. A marker of
    /// a newer version than this build knows is read as no marker (``live(in:)`` is nil): its holder
    /// is neither signalled nor killed, and `status` does not show it.
    package struct Marker: LiveMarker, FormatVersion, Sendable, Codable, Equatable {
        package static let formatVersion = 1
        /// The format it was written in (always ``formatVersion`` now; nil: 1.0.0's).
        package var version: Int?
        /// The holder process: a `dailyquote hold`, which closes its notification and ends on SIGTERM.
        package var pid: Int32
        /// The held notification's id on the server.
        package var id: UInt32
        /// When it was posted (Unix seconds): with `id`, the history entry it belongs to.
        package var postedAt: Int64
        /// When the holder lets go at the latest (Unix seconds).
        package var until: Int64
        /// The server's name.
        package var server: String
        /// Whether the holder is a `run` of 1.0.0 or earlier, which held its quote in its own process.
        ///
        /// Such a `run` stops on SIGTERM, so it is asked with SIGUSR2 instead and never killed: read
        /// so that a `run` still going from before an upgrade is not stopped. Never written now.
        // A compatibility path (docs/development.md, "Compatibility paths"): for a 1.0.0 `run`
        // only; it may go in 2.0.0, with ``isScheduler`` and the SIGUSR2 branch below.
        package var scheduler: Bool?

        package init(pid: Int32, id: UInt32, postedAt: Int64, until: Int64, server: String, scheduler: Bool? = nil) {
            (self.pid, self.id, self.postedAt, self.until, self.server, self.scheduler) = (pid, id, postedAt, until, server, scheduler)
            version = Self.formatVersion
        }

        private var isScheduler: Bool { scheduler == true }

        package static func files(in paths: AppPaths) -> (marker: String, lock: String) { (paths.holdMarker, paths.holdLock) }

        /// Asks the holder to close its notification and let go (SIGTERM; SIGUSR2 for an older
        /// `run`, see ``scheduler``): a new quote was posted.
        ///
        /// The process is checked to be dailyquote first (a holder, or `run` where the marker says
        /// so), so a recycled PID is left alone.
        package func end() {
            if isScheduler { send(.user2, holderOnly: false) } else { send(.terminate, holderOnly: true) }
        }

        /// Kills a holder process that did not end when asked (stopped, or frozen).
        ///
        /// The kernel then frees its lock. An older `run` (``scheduler``) is never killed.
        package func kill() {
            guard !isScheduler else { return }
            send(.kill, holderOnly: true)
        }

        /// Ends the live holder, if any, for good: `uninstall`, where the quotes stop.
        ///
        /// It asks the holder to close its notification (``end()``) and waits, `grace` seconds at
        /// most, until it has let go of `hold.lock` and (a holder, not an older `run`) ended; it
        /// kills one that has not, which leaves its notification shown. Nil when none was live.
        package static func endLive(in paths: AppPaths, grace: Int64) -> (holder: Marker, ended: Bool)? {
            guard let holder = live(in: paths) else { return nil }
            holder.end()
            let deadline = Deadline.after(seconds: grace)
            let letGo = (try? FileLock(path: paths.holdLock, until: deadline)) != nil
            if holder.isScheduler { return (holder, letGo) }
            if letGo, ProcessID(holder.pid).waitEnded(until: deadline) { return (holder, true) }
            holder.kill()
            return (holder, false)
        }

        private func send(_ signal: UnixSignal, holderOnly: Bool) {
            guard pid > 0, pid != ProcessID.current.rawValue, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
                return
            }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            // The program is dailyquote by its name (an installed `dailyquote`, or a copy such as
            // `dailyquote-new`), or started through /proc/self/exe.
            guard let program = words.first.map({ PathName.lastComponent(of: $0) }),
                program.hasPrefix("dailyquote") || program == "exe", !holderOnly || words.dropFirst().first == HolderLauncher.command
            else { return }
            ProcessID(pid).signal(signal)
        }
    }
}
