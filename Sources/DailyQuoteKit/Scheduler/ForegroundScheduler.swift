import Foundation
import Logging
import Synchronization

/// `dailyquote run`: sleeps until the next refresh or delivery, runs that stage in-process,
/// and repeats, for sessions without a systemd user manager.
///
/// It calls the same two stages as the timers, so the ledger's lock keeps it from
/// double-delivering beside them or beside another `run`.
public final class ForegroundScheduler: Sendable {
    private let load: @Sendable () throws -> SchedulerStages
    private let wake: WakeSource
    private let clock: @Sendable () -> Int64
    private let logger: Logger
    private let stopping = Atomic<Bool>(false)
    private let runningRefresh = Mutex<Task<RefreshOutcome, any Error>?>(nil)

    /// Seconds between attempts while a due delivery cannot be posted (no notification server yet).
    public static let retrySeconds: Int64 = 30

    /// `load` builds the stages from the config; it is called again when the config or the zone changes.
    public init(
        load: @escaping @Sendable () throws -> SchedulerStages, wake: WakeSource, clock: @escaping @Sendable () -> Int64,
        logger: Logger
    ) {
        self.load = load
        self.wake = wake
        self.clock = clock
        self.logger = logger
    }

    /// Ends ``run()`` soon: wakes the sleep and cancels a running fetch. Safe from any thread.
    public func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        wake.requestStop()
        runningRefresh.withLock { $0?.cancel() }
    }

    /// Runs until ``stop()``. A delivery missed within the catch-up window is posted at once.
    /// Throws only if the first load of the config fails.
    public func run() async throws {
        var stages = try load()
        var refreshedFor = stages.cachedFor
        var retryAt = deliverIfDue(stages)
        while !stopping.load(ordering: .sequentiallyConsistent) {
            let now = clock()
            guard let step = SchedulerStep.next(planner: stages.planner, now: now, refreshedFor: refreshedFor, retryAt: retryAt) else {
                logger.error("the plan has no deliveries; waiting for a config change")
                _ = await sleep(until: now + 366 * 86_400)
                continue
            }
            if case .refresh(let at, let delivery) = step, at <= now {
                await refresh(stages)
                refreshedFor = delivery
                continue
            }
            logger.info("sleeping until \(ZonedTimeFormat(zone: stages.planner.zone).iso8601(step.at)) (\(step.kind))")
            let reason = await sleep(until: step.at)
            switch reason {
            case .stopRequested:
                continue
            case .configChanged, .zoneChanged:
                do {
                    stages = try load()
                    logger.notice("\(reason.rawValue): plan reloaded (\(stages.planner.rule.summary) \(stages.planner.zone.identifier))")
                } catch {
                    logger.error("\(reason.rawValue), but it cannot be used: \(error.localizedDescription); keeping the previous config")
                }
            case .clockChanged:
                logger.notice("the clock was set; replanning")
            case .due:
                break
            }
            retryAt = deliverIfDue(stages)
        }
        logger.info("stopped")
    }

    /// Posts a due delivery; returns when to try again if posting failed.
    private func deliverIfDue(_ stages: SchedulerStages) -> Int64? {
        do {
            let outcome = try stages.delivery.deliverIfDue(mode: .live)
            if outcome.result == "posted" { logger.notice("posted the delivery planned for \(outcome.planned ?? "?")") }
            return nil
        } catch {
            logger.warning("delivery failed: \(error.localizedDescription); retrying in \(Self.retrySeconds) s")
            return clock() + Self.retrySeconds
        }
    }

    /// Runs the fetch stage as a task that ``stop()`` can cancel.
    private func refresh(_ stages: SchedulerStages) async {
        let task = Task { try await stages.refresh.run() }
        runningRefresh.withLock { $0 = task }
        if stopping.load(ordering: .sequentiallyConsistent) { task.cancel() }
        switch await task.result {
        case .success(let outcome): logger.notice("refresh: \(outcome.text)")
        case .failure(let error): logger.warning("refresh failed: \(error.localizedDescription)")
        }
        runningRefresh.withLock { $0 = nil }
    }

    /// Blocks a thread of its own (not one of the concurrency pool's) in ``WakeSource/wait(until:)``.
    private func sleep(until instant: Int64) async -> WakeReason {
        let wake = self.wake
        return await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: wake.wait(until: instant)) }
            thread.stackSize = 1 << 18
            thread.start()
        }
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
