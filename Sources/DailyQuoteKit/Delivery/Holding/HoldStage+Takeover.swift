import DailyQuoteSystem
import FoundationEssentials
import Logging

extension HoldStage {
    /// Ends the previous holder once a new quote is posted, and records its quote as replaced.
    ///
    /// It runs only after the new `Notify` call has succeeded, so a failed post leaves the last
    /// quote on screen and held. A holder that takes over also takes `hold.lock` here: the previous
    /// holder is asked to close its notification and, if it has not let go of the lock within
    /// `grace` (stopped, or frozen), it is killed, so the new holder always has its marker. Two takeovers never race: each runs under `notify`'s ledger lock, which `notify` keeps
    /// until its holder has answered.
    package struct Takeover: Sendable {
        package var paths: AppPaths
        package var clock: @Sendable () -> Int64
        package var logger: Logger
        /// How long the previous holder has to let go of the lock after SIGTERM.
        package var grace: Int64

        package init(paths: AppPaths, clock: @escaping @Sendable () -> Int64, logger: Logger, grace: Int64 = 2) {
            self.paths = paths
            self.clock = clock
            self.logger = logger
            self.grace = grace
        }

        /// What a takeover found and did.
        package struct Result {
            /// `hold.lock`, held by this process (nil when it could not be taken).
            package var lock: FileLock?
            /// The previous holder, if one was live.
            package var previous: Marker?
            /// Whether the previous holder had to be killed: its notification is still on the server.
            package var killed = false
        }

        /// Ends the previous holder, if one is live, without waiting for it: the new quote was posted
        /// without a holder (GNOME's own interface, or a server that keeps nothing).
        package func endPrevious() {
            guard let previous = Marker.live(in: paths) else { return }
            previous.end()
            recordReplaced(previous)
        }

        /// Asks the previous holder (`previous`, read before the post) to close its notification
        /// (``HoldStage/Marker/end()``), and takes `hold.lock` for this process.
        package func takeOver(from previous: Marker?) -> Result {
            var result = Result(previous: previous)
            result.previous?.end()
            // Recorded while the previous holder lets go: its lock is then free at the first try.
            if let previous { recordReplaced(previous) }
            result.lock = try? FileLock(path: paths.holdLock, until: .after(seconds: grace))
            if result.lock == nil, let holder = result.previous ?? Marker.live(in: paths) {
                // One that started after the marker was read (none was live then) is replaced too.
                if previous == nil { recordReplaced(holder) }
                result.previous = holder
                if holder.scheduler != true {
                    logger.warning("the previous holder (PID \(holder.pid)) did not end within \(grace) s; killing it")
                    holder.kill()
                    result.killed = true
                    result.lock = try? FileLock(path: paths.holdLock, until: .after(seconds: 1))
                } else {
                    logger.warning("the scheduler (PID \(holder.pid)) did not let go of its notification within \(grace) s")
                }
            }
            return result
        }

        private func recordReplaced(_ previous: Marker) {
            do {
                try ClosedLog(path: paths.closedLog).append(
                    .init(id: previous.id, postedAt: previous.postedAt, reason: .replaced, at: clock()))
            } catch {
                logger.warning("cannot record the replaced notification: \(error.message)")
            }
        }
    }
}
