import ArgumentParser
import DailyQuoteKit
import FoundationEssentials
import Logging

/// `dailyquote run`: the foreground scheduler, and the default subcommand.
struct RunCommand: ParsableCommand {
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

    func run() throws {
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
        try ForegroundRun(context: context, verbosity: global.verbose).run()
    }
}
