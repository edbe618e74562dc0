import DailyQuoteSystem
import FoundationEssentials
import Logging

/// `dailyquote run`: sleeps until the next refresh or delivery, runs that stage in-process,
/// and repeats, for sessions without a systemd user manager.
///
/// It calls the same two stages as the timers, so the ledger's lock keeps it from
/// double-delivering beside them or beside another `run`.
///
/// It runs on the calling thread and blocks there; a fetch runs on one thread of its own,
/// which ends with it. Nothing starts Swift's concurrency pool, whose monitor on Linux would
/// wake the process once a second for good (docs/performance.md).
package final class ForegroundScheduler: Sendable {
    private let load: @Sendable () throws -> SchedulerStages
    private let wake: WakeSource
    private let clock: @Sendable () -> Int64
    private let logger: Logger

    /// Seconds between attempts while a due delivery cannot be posted (no notification server yet).
    package static let retrySeconds: Int64 = 30

    /// `load` builds the stages from the config; it is called again when the config or the zone changes.
    package init(
        load: @escaping @Sendable () throws -> SchedulerStages, wake: WakeSource, clock: @escaping @Sendable () -> Int64,
        logger: Logger
    ) {
        self.load = load
        self.wake = wake
        self.clock = clock
        self.logger = logger
    }

    /// Runs until SIGTERM, SIGINT or ``WakeSource/requestStop()``, or until the config turns the
    /// quotes off (`enabled = false`).
    ///
    /// A delivery missed within the catch-up window is posted at once. Throws only if the
    /// first load of the config fails.
    package func run() throws {
        var stages = try load()
        if let file = stages.turnedOffIn { return stopTurnedOff(file) }
        var refreshedFor = stages.cachedFor
        var retryAt = deliverIfDue(stages)
        loop: while true {
            let now = clock()
            let reason: WakeReason
            if let step = SchedulerStep.next(planner: stages.planner, now: now, refreshedFor: refreshedFor, retryAt: retryAt) {
                if case .refresh(let at, let delivery) = step, at <= now {
                    guard refresh(stages) else { break loop }
                    refreshedFor = delivery
                    continue
                }
                logger.info("sleeping until \(ZonedTimeFormat(zone: stages.planner.zone).iso8601(step.at)) (\(step.kind))")
                reason = wake.wait(until: step.at)
            } else {
                // A changed config or zone is reloaded below like any other.
                logger.error("the plan has no deliveries; waiting for a config change")
                reason = wake.wait(until: now + 366 * 86_400)
            }
            switch reason {
            case .stopRequested:
                break loop
            case .configChanged, .zoneChanged:
                do {
                    stages = try load()
                    if let file = stages.turnedOffIn { return stopTurnedOff(file) }
                    logger.notice("\(reason.rawValue): plan reloaded (\(stages.planner.summary) \(stages.planner.zone.identifier))")
                } catch {
                    logger.error("\(reason.rawValue), but it cannot be used: \(error.message); keeping the previous config")
                }
            case .clockChanged:
                logger.notice("the clock was set; replanning")
            case .due:
                break
            }
            retryAt = deliverIfDue(stages)
        }
        logger.notice("received signal \(wake.lastStopSignal); stopping")
        logger.info("stopped")
    }

    /// Ends the scheduler where `enabled = false` in `file` turns the quotes off: no delivery past the opt-out.
    private func stopTurnedOff(_ file: String) {
        logger.notice("the quotes are off (`enabled = false` under [delivery] in \(file)); stopping")
    }

    /// Posts a due delivery; returns when to try again if posting failed.
    private func deliverIfDue(_ stages: SchedulerStages) -> Int64? {
        do {
            let outcome = try stages.delivery.deliverIfDue(mode: .live)
            if outcome.result == .posted, let planned = outcome.plannedAt {
                logger.notice("posted the delivery planned for \(ZonedTimeFormat(zone: stages.planner.zone).iso8601(planned))")
            }
            return nil
        } catch {
            logger.warning("delivery failed: \(error.message); retrying in \(Self.retrySeconds) s")
            return clock() + Self.retrySeconds
        }
    }

    /// Runs the fetch stage on a thread of its own and waits for it here, cancelling it on a
    /// stop request (a thread, not this one: a stop must not wait for the fetch's deadline).
    ///
    /// Returns false if the scheduler should stop.
    private func refresh(_ stages: SchedulerStages) -> Bool {
        let wake = self.wake
        let logger = self.logger
        let cancellation = FetchCancellation()
        let fetch: @Sendable () -> Void = {
            defer { wake.signalCompletion() }
            do {
                let outcome = try stages.refresh.run(cancellation: cancellation)
                logger.notice("refresh: \(outcome.text)")
            } catch {
                logger.warning("refresh failed: \(error.message)")
            }
        }
        do {
            // As large as the main thread's: the reply is parsed on it too.
            try DetachedThread.start(stackSize: 8 << 20, fetch)
        } catch {
            // No thread to be had: the fetch runs here, its deadline still holding.
            fetch()
        }
        guard wake.waitForCompletion() else {
            cancellation.cancel()
            // Cancellation ends a fetch within milliseconds; the cache is only ever replaced atomically.
            _ = wake.waitForCompletion(orStop: false, seconds: 0.8)
            return false
        }
        return true
    }
}

extension SchedulerStep {
    /// `refresh` or `delivery`, for the log.
    var kind: String {
        switch self {
        case .refresh: "refresh"
        case .deliver: "delivery"
        }
    }
}
