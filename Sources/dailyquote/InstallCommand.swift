import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials
import Logging

/// `dailyquote install`: hands both stages to the systemd user manager as timers.
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Write the systemd user timers for the plan, then enable and start them.",
        discussion: """
            Run it again after editing the config: only the units whose content changed are rewritten. \
            Exit status 69 if the systemd user manager cannot be reached (the units are still written).
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var dryRun: DryRunOption

    @Flag(help: "Only write the unit files; do not reload, enable or start anything.")
    var noEnable = false

    func run() throws {
        var context = try CommandContext(global)
        // The services run with the user manager's environment: its paths under /tmp count too.
        if let manager = Systemctl(subprocess: context.subprocess).environment() { context.sessionEnvironments.append(manager) }
        let validator = CalendarValidator(subprocess: context.subprocess)
        let (schedule, rejection) = validator.schedule(for: context.planner, now: context.now)
        if let rejection, let end = schedule.horizonEnd {
            context.logger.warning(
                "systemd cannot follow this time in \(context.zone.identifier) (\(rejection)); the timers list the planned instants through \(ZonedTimeFormat.utc(end).prefix(10)): run `dailyquote install` again before then"
            )
        }
        if !context.config.delivery.enabled {
            context.logger.notice(
                "delivery.enabled is false: that turns off the systemd user generator and `run`; `install` writes and starts the timers anyway"
            )
        }
        let units = context.units(schedule) + context.configWatchUnits(commands: context.reinstallCommands)
        let directory = context.unitDirectory
        if dryRun.mode.isDryRun {
            for unit in units { print("# \(directory.path)/\(unit.name)\n\(unit.content)") }
            print(
                SchedulePreview(planner: context.planner, start: context.now, count: 3, namesSlots: context.config.delivery.times != nil)
                    .text, terminator: "")
            print("dry run: nothing written")
            return
        }
        let changed = try directory.write(units)
        for unit in units {
            print("\(changed.contains(unit.name) ? "wrote" : "unchanged") \(directory.path)/\(unit.name)")
        }
        guard !noEnable else {
            print("not enabled (--no-enable); to start the timers run:")
            for command in Self.enableCommands { print("  \(command)") }
            return
        }
        let systemctl = Systemctl(subprocess: context.subprocess)
        let reload = systemctl.run(["daemon-reload"])
        guard reload.status == 0 else {
            print("to start the timers once the user manager runs:")
            for command in Self.enableCommands { print("  \(command)") }
            throw CommandFailure(
                "cannot reach the systemd user manager (\(reload.gist)); the units are written, the timers are not started",
                kind: .unavailable)
        }
        let enable = systemctl.run(["enable", "--now"] + SystemdUnit.enabledNames)
        guard enable.status == 0 else {
            throw CommandFailure("systemctl --user enable --now failed: \(enable.gist)", kind: .unavailable)
        }
        print("timers enabled and started")
        if let next = context.planner.deliveries(from: context.now + 1, count: 1).first {
            print("next delivery: \(ZonedTimeFormat(zone: context.zone).display(next.at))")
        }
    }

    /// What a user runs by hand to do what `install` could not.
    static let enableCommands = [
        "systemctl --user daemon-reload",
        "systemctl --user enable --now \(SystemdUnit.enabledNames.joined(separator: " "))",
    ]
}
