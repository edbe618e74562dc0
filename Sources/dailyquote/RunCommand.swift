import ArgumentParser
import DailyQuoteKit
import FoundationEssentials
import Logging

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// `dailyquote run`: the foreground scheduler, and the default subcommand.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the refresh and delivery stages in the foreground on the planned schedule.",
        discussion: """
            For sessions without a systemd user manager (see `dailyquote install`). It sleeps until \
            the next event, follows clock, time-zone and config changes, and stops on SIGTERM or SIGINT.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var dryRun: DryRunOption

    @Flag(
        help: """
            Started by the autostart entry: exit at once where a systemd user manager runs the session \
            (its timers deliver; the entry's X-systemd-skip=true, for session managers that ignore it).
            """)
    var fromAutostart = false

    /// Carries the delivery whose fetch is done across the re-exec after a fetch.
    static let refreshedForVariable = "DAILYQUOTE_REFRESHED_FOR"

    func run() async throws {
        try runOnCallingThread()
    }

    /// The whole command, blocking the calling thread.
    ///
    /// `DailyQuote.main` calls it on the main thread, so that the sleeping scheduler never
    /// starts Swift's concurrency pool.
    func runOnCallingThread() throws {
        if fromAutostart && !dryRun.mode.isDryRun {
            // Before the config: a broken one must not keep a second engine from standing aside.
            let environment = CommandEnvironment(global)
            if let reason = AutostartDeferral(systemctl: Systemctl(subprocess: environment.subprocess)).reason {
                environment.logger.notice("\(reason)")
                return
            }
        }
        let context = try CommandContext(global)
        guard !dryRun.mode.isDryRun else {
            let preview = SchedulePreview(
                planner: context.planner, start: context.now, count: 7, namesSlots: context.config.delivery.times != nil)
            print(preview.text, terminator: "")
            for line in RunPlanDescription(context: context, preview: preview).stageLines { print(line) }
            return
        }
        let inherited = context.environment[Self.refreshedForVariable].flatMap { Int64($0) }
        unsetenv(Self.refreshedForVariable)
        // A shared lock marks a running scheduler for `status`; the ledger's lock, not this one,
        // keeps two schedulers (or one beside the timers) from posting twice.
        let marker = try FileLock(path: context.paths.runMarker, until: .after(seconds: 1), shared: true)
        defer { withExtendedLifetime(marker) {} }
        let wake = try WakeSource(configFile: context.loaded.path)
        try wake.handleStopSignals()
        let options = global
        let logger = context.logger
        // `run` holds its own notifications, in this process.
        let base = context.base
        let holder = try? InProcessHolder(
            paths: context.paths, clock: UnixClock.system, logger: logger,
            answerer: {
                ActionAnswerer(for: $0, paths: base.paths, zones: base.zones, environment: base.variables, logger: base.logger)
            })
        if holder == nil { logger.warning("cannot start the holder's thread; held notifications get a holder process") }
        let scheduler = ForegroundScheduler(
            load: {
                let reloaded = try CommandContext(options)
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
                WakeSource.withStopSignalsBlocked { execv("/proc/self/exe", CommandLine.unsafeArgv) }
                logger.warning("could not start afresh after the fetch: \(SystemError.last("execv").message)")
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
