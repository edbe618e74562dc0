import FoundationEssentials
import Glibc
import Logging

/// `dailyquote run` after its options: the scheduler with its wake source, its own holder, and
/// the stages reloaded from the config whenever the config or the zone changes.
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
        unsetenv(Self.refreshedForVariable)
        // A shared lock marks a running scheduler for `status`; the ledger's lock, not this one,
        // keeps two schedulers (or one beside the timers) from posting twice.
        let marker = try FileLock(path: context.paths.runMarker, until: .after(seconds: 1), shared: true)
        defer { withExtendedLifetime(marker) {} }
        let wake = try WakeSource(configFile: context.loaded.path)
        try wake.handleStopSignals()
        let logger = context.logger
        // `run` holds its own notifications, in this process.
        let base = context.base
        let holder = try? InProcessHolder(
            paths: context.paths, clock: UnixClock.system, logger: logger,
            answerer: {
                ActionAnswerer(for: $0, paths: base.paths, zones: base.zones, environment: base.variables, logger: base.logger)
            })
        if holder == nil { logger.warning("cannot start the holder's thread; held notifications get a holder process") }
        let explicitConfig = context.explicit
        let verbosity = verbosity
        let scheduler = ForegroundScheduler(
            load: {
                let reloaded = try CommandContext(CommandEnvironment(config: explicitConfig, verbosity: verbosity))
                var stages = reloaded.stages
                stages.inProcessHolder = holder
                // The presence wait runs on this thread's loop too; the scheduler's stop request ends it.
                let delivery = stages.deliveryStage(presenceStop: .descriptor(wake.stopDescriptor))
                return SchedulerStages(planner: reloaded.planner, delivery: delivery, refresh: stages.fetchStage)
            },
            wake: wake, clock: UnixClock.system, logger: logger,
            reexec: { delivery in
                logger.debug("starting afresh after the fetch, to shed the concurrency pool's threads")
                setenv(Self.refreshedForVariable, String(delivery), 1)
                // The new image cannot keep this one's hold: the quote stays shown, unheld, until the next delivery.
                holder?.stop(closing: false)
                var failure: SystemError?
                WakeSource.withStopSignalsBlocked { failure = ProcessImage.restart() }
                logger.warning("could not start afresh after the fetch: \(failure?.message ?? "execv returned")")
                unsetenv(Self.refreshedForVariable)
            })
        if inherited == nil {
            if SystemdUnit.timerNames.allSatisfy(context.unitDirectory.isEnabled) {
                logger.notice("the systemd timers are enabled too; the delivery ledger keeps the two from posting twice")
            }
            logger.notice("scheduler started: \(context.planner.summary), \(context.zone.identifier)")
        }
        defer { holder?.stop(closing: true) }
        try scheduler.run(refreshedFor: inherited)
    }
}
