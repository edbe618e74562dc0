import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials
import Logging

/// `dailyquote uninstall`: stops the quotes for this user: removes `install`'s systemd user
/// units, turns the package's generator off in the config (with consent), and says what remains.
struct UninstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall",
        abstract: "Stop the quotes for you: remove the systemd user timers; the config is kept.",
        discussion: """
            Where the package's generator makes the timers, it writes `enabled = false` under [delivery] \
            in the config, after asking (or with --yes); without a terminal and without --yes it prints \
            that step and exits 1. It ends by listing what remains and how to remove it.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Also remove the cached quote and the delivery state and history.")
    var purge = false

    @Flag(help: "Write `enabled = false` to the config without asking, where the package's generator makes the timers.")
    var yes = false

    /// `make uninstall` (packaging/uninstall.sh) runs it so, and then removes this binary and every file `make
    /// install` wrote, the autostart entry included, and names the cache and the state itself: no advice here may
    /// need them.
    @Flag(name: .customLong("from-make-uninstall"), help: .hidden)
    var fromMakeUninstall = false

    func run() throws {
        // No plan needed: a broken config must never stop a user from removing the tool.
        let context = CommandEnvironment(global)
        let directory = context.unitDirectory
        let systemctl = Systemctl(subprocess: context.subprocess)
        let generated = Self.generatedUnits(context)
        if directory.installed.isEmpty && !SystemdUnit.timerNames.contains(where: directory.isEnabled) {
            if generated.isEmpty { print("no dailyquote timers are installed; nothing to stop or remove") }
        } else {
            let disable = systemctl.run(["disable", "--now"] + SystemdUnit.enabledNames)
            if disable.status != 0 {
                context.logger.notice("could not stop the timers through the user manager: \(disable.gist)")
            } else {
                // A service may be running (a presence wait lasts hours): it stops with its timer's removal too.
                systemctl.run(["stop"] + SystemdUnit.names.filter { !SystemdUnit.enabledNames.contains($0) })
            }
            for name in directory.remove() { print("removed \(directory.path)/\(name)") }
            if disable.status == 0 {
                systemctl.run(["daemon-reload"])
                // A unit that failed stays listed after its file is gone until its failure is forgotten.
                systemctl.run(["reset-failed"] + SystemdUnit.names)
            }
        }
        var answer = GeneratorAnswer.turnedOff
        if !generated.isEmpty { answer = try turnOffGenerator(context, systemctl: systemctl, units: generated.count) }
        var refusal: CommandFailure?
        if case .refused(let failure) = answer { refusal = failure }
        // Read before --purge removes the history: a quote posted to GNOME stays in its list.
        let usedGnome = JSONLines.read(HistoryEntry.self, at: context.paths.history).contains { $0.value?.path == .gnome }
        if refusal == nil { removeTimerStamps(context) }
        // The quotes stop (or the tool goes): the quote on screen goes too, or its buttons would stay live
        // for up to a day. Where the generator's timers keep running, so does the quote.
        if answer == .turnedOff || purge || fromMakeUninstall { endHolder(context) }
        if purge {
            do throws(Purge.Failure) {
                let home = context.variables["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                try Purge.everything.run(in: context.paths, home: home) { print("removed \($0)") }
            } catch {
                throw CommandFailure("cannot remove \(error.path): \(error.reason)", kind: .cannotWrite)
            }
        }
        if FileLock.isHeld(path: context.paths.runMarker) {
            print("a `dailyquote run` scheduler is still running; it stops at logout, or stop it now with `pkill -x dailyquote`")
        }
        // Under a systemd user manager the entry's `run --from-autostart` exits by itself. `make uninstall`
        // removes the user's own entry (its install's): only a system-wide one would still start `run`.
        let autostart = AutostartEntry(paths: context.paths)
        let entry = fromMakeUninstall ? autostart.systemEntries.first : autostart.activeEntry
        if let entry, systemctl.environment() == nil {
            print("`dailyquote run` still starts at login from \(entry) on desktops without systemd; to turn it off for you, run:")
            print("  \(autostart.hideCommand)")
        }
        for line in remainingLines(context, usedGnome: usedGnome) { print(line) }
        if let refusal { throw refusal }
    }

    /// dailyquote's units in the user manager's generator directory (`$XDG_RUNTIME_DIR/systemd/generator`).
    static func generatedUnits(_ context: CommandEnvironment) -> [String] {
        guard let directory = context.paths.generatorDirectory else { return [] }
        return UnitDirectory(path: directory).installed
    }

    /// What became of the package's generator's timers.
    enum GeneratorAnswer: Equatable {
        /// Turned off in the config (or there were none).
        case turnedOff
        /// The person said no: they keep running.
        case declined
        /// Not asked (no terminal, no --yes) or the config cannot be edited: the failure to throw at the end.
        case refused(CommandFailure)
    }

    /// Writes `enabled = false` under `[delivery]` with consent and reloads the manager, so that
    /// the generator writes no timers.
    func turnOffGenerator(_ context: CommandEnvironment, systemctl: Systemctl, units: Int) throws -> GeneratorAnswer {
        let path = context.configPath
        let file = SymbolicLink.finalTarget(of: path) ?? path
        let original = FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
        print("the package's generator makes dailyquote's timers (\(units) units) from the config at every login and reload")
        let parser = ConfigParser(zones: context.zones, environment: context.variables)
        guard let edited = DeliveryDisabling(original, parser: parser).text else {
            print("to stop them, \(DeliveryDisabling.byHand(original)) in \(path), then run `systemctl --user daemon-reload`")
            return .refused(CommandFailure("cannot add `enabled = false` to \(path) safely; edit it by hand", kind: .config))
        }
        if !yes {
            guard ProcessState.standardInputIsTerminal else {
                print("to stop them, run `dailyquote uninstall --yes`: it writes `enabled = false` under [delivery] in \(path)")
                return .refused(CommandFailure("refusing to edit the config without --yes: standard input is not a terminal"))
            }
            print("Write `enabled = false` under [delivery] in \(path)? [y/N] ", terminator: "")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                print("the config is unchanged; the generator's timers keep running")
                return .declined
            }
        }
        let mode = (try? FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int).map { UInt32($0) } ?? 0o644
        do {
            try AtomicFile.write(Data(edited.utf8), to: file, mode: mode)
        } catch {
            throw CommandFailure("cannot write \(file): \(error.reason)", kind: .cannotWrite)
        }
        print("wrote `enabled = false` under [delivery] in \(file)")
        systemctl.run(["stop"] + SystemdUnit.timerNames)
        let reload = systemctl.run(["daemon-reload"])
        systemctl.run(["reset-failed"] + SystemdUnit.timerNames)
        if reload.status == 0 && Self.generatedUnits(context).isEmpty {
            print("the generator's timers are gone (systemctl --user daemon-reload)")
        } else {
            print("the generator's timers go at the next login, or now with `systemctl --user daemon-reload`")
        }
        return .turnedOff
    }

    /// Ends the holder of the quote on screen, which closes it, and says so.
    func endHolder(_ context: CommandEnvironment) {
        let grace: Int64 = 5
        guard let (holder, ended) = HoldStage.Marker.endLive(in: context.paths, grace: grace) else { return }
        let pid = holder.pid
        if holder.scheduler == true {
            print(
                ended
                    ? "closed the quote on screen, which `dailyquote run` (PID \(pid)) held"
                    : "dismiss the quote on screen: `dailyquote run` (PID \(pid)) did not close it")
        } else if ended {
            print("closed the quote on screen and ended its holder (PID \(pid))")
        } else {
            print(
                "the holder of the quote on screen (PID \(pid)) did not end within \(grace) s and was killed; dismiss the quote: its buttons do nothing now"
            )
        }
    }

    /// The timers' `Persistent=` stamps (`$XDG_DATA_HOME/systemd/timers/stamp-NAME`), which
    /// nothing reads once the timers are gone.
    func removeTimerStamps(_ context: CommandEnvironment) {
        for name in SystemdUnit.timerNames {
            let stamp = context.paths.timerStamp(name)
            if (try? FileManager.default.removeItem(atPath: stamp)) != nil { print("removed \(stamp)") }
        }
    }

    /// What stays after this run, each with the way to remove it.
    func remainingLines(_ context: CommandEnvironment, usedGnome: Bool) -> [String] {
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        var lines: [String] = []
        if exists(context.configPath) { lines += configLines(context) }
        if exists(context.paths.favorites) {
            lines.append("kept your favourites: \(context.paths.favorites) (remove them with `rm \(context.paths.favorites)`)")
        }
        // What --purge left in the data directory besides the favourites: not dailyquote's to remove.
        let data = context.paths.dataDirectory
        let others = (try? FileManager.default.contentsOfDirectory(atPath: data))?.filter {
            $0 != PathName.lastComponent(of: context.paths.favorites)
        }
        if purge, let others, !others.isEmpty { lines.append("kept \(data): it holds \(others.sorted().joined(separator: ", "))") }
        let kept = Purge.everything.existing(in: context.paths)
        // `make uninstall` names them itself, with the directories made for them: this binary is about to go.
        if !kept.isEmpty && !fromMakeUninstall {
            lines.append(
                "kept the cached quote and the history: \(kept.joined(separator: ", ")) (`dailyquote uninstall --purge` removes them)")
        }
        if usedGnome {
            lines.append("GNOME may still list the last quote; its buttons do nothing now: dismiss it in the notification list")
        }
        return lines
    }

    /// The config's lines: how to remove it, unless it is what keeps the package's generator from making
    /// timers (the default file holds `enabled = false`, or cannot be read, where the system's config alone
    /// would turn them on): removing it would turn the quotes back on, which is what to say instead.
    func configLines(_ context: CommandEnvironment) -> [String] {
        let path = context.configPath
        let loader = ConfigLoader(paths: context.paths, zones: context.zones, environment: context.variables)
        let onWithout = (try? loader.load(explicitPath: nil, userFile: false))?.config.delivery.enabled ?? false
        let on = (try? loader.load(explicitPath: context.explicitConfig)).map { $0.config.delivery.enabled }
        // The generator reads only the default file.
        guard onWithout, on != true, path == context.paths.defaultConfigFile else {
            return ["kept the config: \(path) (remove it with `rm \(path)`)"]
        }
        return [
            on == nil
                ? "kept the config: \(path); it is invalid, so the package's generator makes no timers from it"
                : "kept the config: \(path); it holds your opt-out (`enabled = false` under [delivery])",
            "removing it turns the quotes back on while the dailyquote package is installed",
        ]
    }
}
