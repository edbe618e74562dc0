import ArgumentParser
import DailyQuoteKit
import Foundation

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

    func run() async throws {
        let context = try CommandContext(global)
        guard !dryRun.dryRun else {
            let preview = SchedulePreview(planner: context.planner, start: context.now, count: 7)
            print(preview.text, terminator: "")
            for line in RunPlanDescription(context: context, preview: preview).stageLines { print(line) }
            return
        }
        // A shared lock marks a running scheduler for `status`; the ledger's lock, not this one,
        // keeps two schedulers (or one beside the timers) from posting twice.
        let marker = try FileLock(path: context.runMarker, timeout: 1, shared: true)
        defer { withExtendedLifetime(marker) {} }
        let wake = try WakeSource(configFile: context.loaded.path)
        let options = global
        let scheduler = ForegroundScheduler(
            load: {
                let reloaded = try CommandContext(options)
                return SchedulerStages(planner: reloaded.planner, delivery: reloaded.deliveryStage, refresh: reloaded.refreshStage)
            },
            wake: wake, clock: { Int64(Date().timeIntervalSince1970.rounded(.down)) }, logger: context.logger)
        let signals = StopSignals { number in
            context.logger.notice("received signal \(number); stopping")
            scheduler.stop()
        }
        defer { withExtendedLifetime(signals) {} }
        if SystemdUnit.timerNames.allSatisfy(context.unitDirectory.isEnabled) {
            context.logger.notice("the systemd timers are enabled too; the delivery ledger keeps the two from posting twice")
        }
        context.logger.notice("scheduler started: \(context.planner.rule.summary), \(context.zone.identifier)")
        try await scheduler.run()
    }

}
