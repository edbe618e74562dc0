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
        // No plan needed: a broken config must never stop a user from removing the tool.
        let context = CommandEnvironment(global)
        let directory = context.unitDirectory
        if directory.installed.isEmpty && !SystemdUnit.timerNames.contains(where: directory.isEnabled) {
            print("no dailyquote timers are installed; nothing to stop or remove")
        } else {
            let systemctl = Systemctl(subprocess: context.subprocess)
            let disable = systemctl.run(["disable", "--now"] + SystemdUnit.enabledNames)
            if disable.status != 0 {
                context.logger.notice("could not stop the timers through the user manager: \(disable.gist)")
            }
            for name in directory.remove() { print("removed \(directory.path)/\(name)") }
            if disable.status == 0 { systemctl.run(["daemon-reload"]) }
        }
        if purge {
            for path in [context.paths.cacheDirectory, context.paths.stateDirectory] where FileManager.default.fileExists(atPath: path) {
                do {
                    try FileManager.default.removeItem(atPath: path)
                    print("removed \(path)")
                } catch {
                    throw CommandFailure("cannot remove \(path): \(error.message)", kind: .cannotWrite)
                }
            }
        }
        if FileLock.isHeld(path: context.paths.runMarker) {
            print("a `dailyquote run` scheduler is still running; it stops at logout, or stop it now with `pkill -x dailyquote`")
        }
        let autostart = AutostartEntry(environment: context.variables, configHome: context.paths.configHome)
        if let entry = autostart.activeEntry {
            print("`dailyquote run` still starts at login from \(entry) on desktops without systemd; to turn it off for you, run:")
            print("  \(autostart.hideCommand)")
        }
        if FileManager.default.fileExists(atPath: context.configPath) { print("kept the config: \(context.configPath)") }
    }
}
