import DailyQuoteSystem
import FoundationEssentials
import Logging

/// `dailyquote run` after its options: the scheduler with its wake source, and the stages
/// reloaded from the config whenever the config or the zone changes.
///
/// A quote `run` posts with buttons is held by a `dailyquote hold` process, as `notify`'s is:
/// it keeps its buttons after `run` stops, and `run` reaps it once it ends (``Child/reapFinished()``).
package struct ForegroundRun {
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
            wake: wake, clock: UnixClock.system, logger: logger)
        if SystemdUnit.timerNames.allSatisfy(context.unitDirectory.isEnabled) {
            logger.notice("the systemd timers are enabled too; the delivery ledger keeps the two from posting twice")
        }
        logger.notice("scheduler started: \(context.planner.summary), \(context.zone.identifier)")
        try scheduler.run()
    }
}
