import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("InstalledUnitsUpdate")
struct InstalledUnitsUpdateTests {
    /// A command context in a home of its own (no user manager), and that home.
    func context() throws -> (CommandContext, TemporaryDirectory) {
        let home = TemporaryDirectory()
        let variables = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.url("config"), "XDG_STATE_HOME": home.url("state"),
            "XDG_CACHE_HOME": home.url("cache"), "XDG_CONFIG_DIRS": home.url("xdg"), "XDG_RUNTIME_DIR": home.url("no-runtime"),
            "TZ": "UTC", "PATH": "/usr/bin:/bin",
        ]
        let environment = CommandEnvironment(config: nil, verbosity: 0, variables: variables)
        return (try CommandContext(environment), home)
    }

    /// `install`'s units for `context`, as `install` writes them where systemd accepts the calendar lines.
    func installed(_ context: CommandContext) -> [SystemdUnit] {
        context.units(.calendar(for: context.planner, now: context.now))
            + context.configWatchUnits(commands: context.reinstallCommands)
    }

    /// A cgroup file that puts this process in `unit`.
    func cgroup(_ home: TemporaryDirectory, unit: String) throws -> String {
        try home.write("cgroup", "0::/user.slice/user-1000.slice/user@1000.service/app.slice/\(unit)\n")
    }

    @Test("The unit is the last part of the cgroup v2 path; no v2 line, no unit")
    func unitFromCgroup() {
        #expect(
            InstalledUnitsUpdate.unit(cgroup: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/dailyquote-notify.service\n")
                == "dailyquote-notify.service")
        #expect(InstalledUnitsUpdate.unit(cgroup: "12:pids:/user.slice\n0::/user.slice/session-2.scope\n") == "session-2.scope")
        #expect(InstalledUnitsUpdate.unit(cgroup: "12:pids:/user.slice\n") == nil)
        #expect(InstalledUnitsUpdate.unit(cgroup: "") == nil)
    }

    @Test(
        "From install's notify service, 0.1.0's unit is out of date and is written again as install writes it; current units, another cgroup and the generator's units change nothing"
    )
    func oldUnitRewritten() throws {
        let (context, home) = try context()
        let units = installed(context)
        let directory = context.unitDirectory
        _ = try directory.write(units)
        let fromNotify = InstalledUnitsUpdate(context: context, cgroupFile: try cgroup(home, unit: "dailyquote-notify.service"))
        #expect(fromNotify.outOfDate.isEmpty)

        let old = OldInstallUnits.notifyService(executable: context.executablePath)
        try old.write(toFile: "\(directory.path)/dailyquote-notify.service", atomically: true, encoding: .utf8)
        #expect(fromNotify.outOfDate == ["dailyquote-notify.service"])
        // A person's shell, or the unit's file not in the user's directory (the generator's): not install's to update.
        let fromShell = InstalledUnitsUpdate(context: context, cgroupFile: try cgroup(home, unit: "session-2.scope"))
        #expect(fromShell.outOfDate.isEmpty)
        fromShell.run()
        #expect(directory.content(of: "dailyquote-notify.service") == old)
        let elsewhere = InstalledUnitsUpdate(context: context, cgroupFile: try cgroup(home, unit: "dailyquote-notify.service"))
        try FileManager.default.moveItem(atPath: directory.path, toPath: home.url("moved"))
        #expect(elsewhere.outOfDate.isEmpty)
        try FileManager.default.moveItem(atPath: home.url("moved"), toPath: directory.path)

        // From the refresh service as well; without a user manager the reload fails, and the files are written all the same.
        InstalledUnitsUpdate(context: context, cgroupFile: try cgroup(home, unit: "dailyquote-refresh.service")).run()
        #expect(directory.outOfSync(units).isEmpty)
        #expect(fromNotify.outOfDate.isEmpty)
    }
}
