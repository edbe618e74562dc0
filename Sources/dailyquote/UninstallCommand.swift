import ArgumentParser
import DailyQuoteKit
import FoundationEssentials
import Logging

/// `dailyquote uninstall`: stops, disables and removes the systemd user units.
struct UninstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Stop, disable and remove the systemd user timers; the config is kept."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Also remove the cached quote and the delivery state and history.")
    var purge = false

    func run() async throws {
        let context = try CommandContext(global)
        let systemctl = Systemctl(subprocess: context.subprocess)
        let disable = systemctl.run(["disable", "--now"] + SystemdUnit.timerNames)
        if disable.status != 0 {
            context.logger.notice("could not stop the timers through the user manager: \(disable.gist)")
        }
        let removed = context.unitDirectory.remove()
        for name in removed { print("removed \(context.unitDirectory.path)/\(name)") }
        if removed.isEmpty { print("no dailyquote units were installed") }
        if disable.status == 0 { systemctl.run(["daemon-reload"]) }
        if purge {
            for directory in [context.paths.cacheDirectory, context.paths.stateDirectory]
            where FileManager.default.fileExists(atPath: directory) {
                do {
                    try FileManager.default.removeItem(atPath: directory)
                    print("removed \(directory)")
                } catch {
                    throw CommandFailure("cannot remove \(directory): \(error.message)", exitCode: 73)
                }
            }
        }
        if context.loaded.fileExists { print("kept the config: \(context.loaded.path)") }
    }
}
