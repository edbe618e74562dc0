import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials
import Logging

/// `dailyquote run`: the foreground scheduler, and the default subcommand.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the refresh and delivery stages in the foreground on the planned schedule.",
        discussion: """
            For sessions without a systemd user manager (see `dailyquote install`). It sleeps until \
            the next event, follows clock, time-zone and config changes, and stops on SIGTERM or SIGINT. \
            With `enabled = false` under [delivery] (the opt-out `dailyquote uninstall` writes) it delivers \
            nothing: it says so and exits 0, at the start or when the config is changed so.
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
        try run(bare: false)
    }

    /// The whole command.
    ///
    /// `bare`: `dailyquote` was typed with no subcommand; like the autostart entry's `run`, it
    /// starts no scheduler beside the timers or under a user manager, and says what to run
    /// instead (on standard output: a person asked).
    func run(bare: Bool) throws {
        let environment = CommandEnvironment(global)
        let say = { (line: String) in
            if bare || dryRun.mode.isDryRun { print(line) } else { environment.logger.notice("\(line)") }
        }
        var deferral: AutostartDeferral?
        if (fromAutostart || bare) && !dryRun.mode.isDryRun {
            // Before the config: a broken one must not keep a second engine from standing aside.
            deferral = AutostartDeferral(systemctl: Systemctl(subprocess: environment.subprocess), caller: bare ? .bare : .autostart)
            if let deferral, deferral.timersActive, let reason = deferral.reason { return say(reason) }
        }
        let context: CommandContext
        do {
            context = try CommandContext(environment)
        } catch  where deferral?.reason != nil {
            return say(deferral?.reason ?? "")
        }
        // No delivery past the opt-out, whoever started `run`.
        if let file = context.loaded.turnedOffIn { return say(AutostartDeferral.turnedOff(in: file)) }
        if let reason = deferral?.reason { return say(reason) }
        if bare && FileLock.isHeld(path: context.paths.runMarker) {
            return say("a `dailyquote run` scheduler is already running here, so no second one starts; `dailyquote status` shows the plan")
        }
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
