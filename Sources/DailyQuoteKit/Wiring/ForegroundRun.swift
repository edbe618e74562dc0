import DailyQuoteSystem
import FoundationEssentials
import Glibc
import Logging

/// `dailyquote run` after its options: the scheduler with its wake source, and the stages
/// reloaded from the config whenever the config or the zone changes.
///
/// A quote `run` posts with buttons is held by a `dailyquote hold` process, as `notify`'s is:
/// it keeps its buttons across `run`'s re-exec after a fetch and after `run` stops.
package struct ForegroundRun {
    /// Carries the delivery whose fetch is done across the re-exec after a fetch.
    package static let refreshedForVariable = "DAILYQUOTE_REFRESHED_FOR"

    package var context: CommandContext
    /// How many `-v` were given: a reload builds its logger the same way.
    package var verbosity: Int

    package init(context: CommandContext, verbosity: Int) {
        self.context = context
        self.verbosity = verbosity
    }

    /// Runs the scheduler on the calling thread until SIGTERM or SIGINT.
    package func run() throws {
        let context = context
        let inherited = context.environment[Self.refreshedForVariable].flatMap { Int64($0) }
        ProcessState.setEnvironment(Self.refreshedForVariable, nil)
        Child.adoptFromEarlierImage()
        // A shared lock marks a running scheduler for `status`; the ledger's lock, not this one,
        // keeps two schedulers (or one beside the timers) from posting twice.
        let marker = try FileLock(path: context.paths.runMarker, until: .after(seconds: 1), shared: true)
        defer { withExtendedLifetime(marker) {} }
        let wake = try WakeSource(configFile: context.loaded.path)
        try wake.handleStopSignals()
        let logger = context.logger
        let explicitConfig = context.explicit
        let verbosity = verbosity
        let scheduler = ForegroundScheduler(
            load: {
                let reloaded = try CommandContext(CommandEnvironment(config: explicitConfig, verbosity: verbosity))
                let stages = reloaded.stages
                // The presence wait runs on this thread's loop too; the scheduler's stop request ends it.
                let delivery = stages.deliveryStage(presenceStop: .descriptor(wake.stopDescriptor))
                return SchedulerStages(
                    planner: reloaded.planner, delivery: delivery, refresh: stages.fetchStage, turnedOffIn: reloaded.loaded.turnedOffIn)
            },
            wake: wake, clock: UnixClock.system, logger: logger,
            reexec: { delivery in
                logger.debug("starting afresh after the fetch, to shed the concurrency pool's threads")
                ProcessState.setEnvironment(Self.refreshedForVariable, String(delivery))
                var failure: SystemError?
                WakeSource.withStopSignalsBlocked { failure = ProcessImage.restart() }
                logger.warning("could not start afresh after the fetch: \(failure?.message ?? "execv returned")")
                ProcessState.setEnvironment(Self.refreshedForVariable, nil)
            })
        if inherited == nil {
            if SystemdUnit.timerNames.allSatisfy(context.unitDirectory.isEnabled) {
                logger.notice("the systemd timers are enabled too; the delivery ledger keeps the two from posting twice")
            }
            logger.notice("scheduler started: \(context.planner.summary), \(context.zone.identifier)")
        }
        try scheduler.run(refreshedFor: inherited)
    }
}
