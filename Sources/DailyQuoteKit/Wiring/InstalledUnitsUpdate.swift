import DailyQuoteSystem
import FoundationEssentials
import Logging

/// Brings the units `install` wrote up to date when `notify` or `refresh` runs from one of them.
///
/// A package upgrade replaces the binary, not the units an older `install` wrote into the user's
/// unit directory. 0.1.0's notify service had `Restart=on-failure` without a start limit or a
/// condition on the binary: once the package was removed, it failed (203/EXEC) and was restarted
/// every 30 s for good. So a service of `install`'s whose units differ from what `install` would
/// write now writes them again as `install` does (only the files that differ) and reloads the user
/// manager: the first timer after an upgrade brings them up to date, with nothing for the user to
/// do. Enablement stays as it is. It runs after the stage's work, never before the post.
package struct InstalledUnitsUpdate {
    package var context: CommandContext
    /// This process's cgroup file (`/proc/self/cgroup`), whose last part names its unit.
    package var cgroupFile: String

    package init(context: CommandContext, cgroupFile: String = "/proc/self/cgroup") {
        self.context = context
        self.cgroupFile = cgroupFile
    }

    /// The unit a cgroup file's v2 line names (its path's last part), or nil.
    static func unit(cgroup text: String) -> String? {
        // Split as bytes: a walk by Character cost every `notify` 76,000 counted instructions
        // on a ten-line cgroup file (docs/performance.md, "Counted instructions since 1.0.0").
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"))
        guard let line = lines.first(where: { $0.starts(with: "0::/".utf8) }) else { return nil }
        return line.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names of `install`'s units that were out of date, if this process runs from one of them.
    ///
    /// Another service (the generator's units, a person's shell) costs one small read.
    package var outOfDate: [String] {
        let bytes = try? ReadOnlyFile(path: cgroupFile)?.readToEnd(maximum: 64 * 1024)
        guard let bytes, let unit = Self.unit(cgroup: String(decoding: bytes, as: UTF8.self)), SystemdUnit.names.contains(unit) else {
            return []
        }
        // The unit's file in the user's directory: `install`'s, which ranks above the generator's.
        let directory = context.unitDirectory
        guard directory.installed.contains(unit) else { return [] }
        let watch = context.configWatchUnits(commands: context.reinstallCommands)
        let calendar = directory.outOfSync(context.units(.calendar(for: context.planner, now: context.now)) + watch)
        guard !calendar.isEmpty else { return [] }
        let absolute = directory.outOfSync(context.units(.absolute(for: context.planner, now: context.now)) + watch)
        return absolute.isEmpty ? [] : calendar
    }

    /// Writes `install`'s units again where this process runs from one of them and they are out of
    /// date, then reloads the user manager; says so in one log line.
    package func run() {
        guard !outOfDate.isEmpty else { return }
        let (schedule, _) = CalendarValidator(subprocess: context.subprocess).schedule(for: context.planner, now: context.now)
        let units = context.units(schedule) + context.configWatchUnits(commands: context.reinstallCommands)
        let written: [String]
        do {
            written = try context.unitDirectory.write(units)
        } catch {
            context.logger.warning("cannot bring the units of `dailyquote install` up to date (\(error.message)); run `dailyquote install`")
            return
        }
        let reload = Systemctl(subprocess: context.subprocess).run(["daemon-reload"])
        let reloaded = reload.status == 0 ? "" : "; `systemctl --user daemon-reload` failed: \(reload.gist)"
        context.logger.notice("brought the units of `dailyquote install` up to date: wrote \(written.joined(separator: ", "))\(reloaded)")
    }
}
