import Foundation
import TestSupport
import Testing

extension UserSessionTests {
    /// A generator directory with dailyquote's generator in it, for `SYSTEMD_GENERATOR_PATH`.
    static func generatorDirectory() throws -> TemporaryDirectory {
        let generators = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: generators.url("dailyquote-generator"), withDestinationPath: RepositoryPaths.binary)
        return generators
    }

    @Test("The package removed under install's units: the services are skipped by their condition, with no failure and no restart")
    func binaryGoneUnderInstalledUnits() throws {
        let sandbox = Sandbox()
        // A binary of its own, which the test removes as `apt-get remove` would.
        let bin = TemporaryDirectory()
        let binary = bin.url("dailyquote")
        try FileManager.default.copyItem(atPath: RepositoryPaths.binary, toPath: binary)
        let work = TemporaryDirectory()
        let script = """
            set -u
            show() { systemctl --user show "$1" -p "$2" --value; }
            "$BIN" install >"$W/install.out" 2>&1; echo $? >"$W/install.rc"
            rm -f "$BIN"
            for unit in dailyquote-notify.service dailyquote-refresh.service; do
              systemctl --user start "$unit" 2>>"$W/start.err"; echo "$unit $?" >>"$W/start.rc"
            done
            # A restart would come 30 s after a failure; a failure and its restart are visible at once.
            sleep 1
            for unit in dailyquote-notify.service dailyquote-refresh.service; do
              echo "$unit $(show $unit ConditionResult) $(show $unit ActiveState) $(show $unit Result) $(show $unit NRestarts)" >>"$W/state"
            done
            # A config edit: the watch of install would run the gone binary.
            mkdir -p "$XDG_CONFIG_HOME/dailyquote"
            printf '[delivery]\\nhour = 9\\n' >"$XDG_CONFIG_HOME/dailyquote/config.toml"
            sleep 1
            echo "$(show dailyquote-config.service ConditionResult) $(show dailyquote-config.service Result)" >"$W/watch"
            """
        var environment = sandbox.environment
        environment["BIN"] = binary
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), ["bash", "-c", script], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("install.rc") == "0\n", "\(file("install.out"))")
        #expect(
            file("start.rc") == "dailyquote-notify.service 0\ndailyquote-refresh.service 0\n", "\(file("start.rc")) \(file("start.err"))")
        #expect(
            file("state") == "dailyquote-notify.service no inactive success 0\ndailyquote-refresh.service no inactive success 0\n",
            "\(file("state"))")
        #expect(file("watch") == "no success\n", "a config edit ran the gone binary: \(file("watch"))")
    }

    @Test(
        "An upgrade under an older install's units: the first run of the notify service brings them up to date, so that once the binary is gone it is skipped, not restarted"
    )
    func olderInstallUnitsUpdated() throws {
        let sandbox = Sandbox()
        let bin = TemporaryDirectory()
        let binary = bin.url("dailyquote")
        try FileManager.default.copyItem(atPath: RepositoryPaths.binary, toPath: binary)
        let work = TemporaryDirectory()
        try work.write("old.service", OldInstallUnits.notifyService(executable: binary))
        let script = """
            set -u
            show() { systemctl --user show "$1" -p "$2" --value; }
            units="$XDG_CONFIG_HOME/systemd/user"
            "$BIN" install >"$W/install.out" 2>&1; echo $? >"$W/install.rc"
            cp "$units/dailyquote-notify.service" "$W/new.service"
            # What an older install wrote stays after the package upgrade.
            cp "$W/old.service" "$units/dailyquote-notify.service"
            systemctl --user daemon-reload
            show dailyquote-notify.service StartLimitIntervalUSec >"$W/old-limit"
            systemctl --user start dailyquote-notify.service 2>>"$W/start.err"; echo $? >"$W/first.rc"
            cmp -s "$W/new.service" "$units/dailyquote-notify.service"; echo $? >"$W/cmp"
            show dailyquote-notify.service StartLimitIntervalUSec >"$W/new-limit"
            journalctl --user -u dailyquote-notify.service -o cat >"$W/journal" 2>&1
            rm -f "$BIN"
            systemctl --user start dailyquote-notify.service 2>>"$W/start.err"; echo $? >"$W/gone.rc"
            sleep 1
            echo "$(show dailyquote-notify.service ConditionResult) $(show dailyquote-notify.service Result) $(show dailyquote-notify.service NRestarts)" >"$W/state"
            """
        var environment = sandbox.environment
        environment["BIN"] = binary
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), ["bash", "-c", script], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("install.rc") == "0\n", "\(file("install.out"))")
        #expect(file("old-limit") == "0\n", "the old unit was not loaded: \(file("old-limit"))")
        #expect(file("first.rc") == "0\n", "\(file("start.err"))")
        #expect(file("cmp") == "0\n", "the notify service did not bring its unit up to date: \(file("journal"))")
        #expect(file("new-limit") != "0\n", "the user manager was not reloaded: \(file("new-limit"))")
        #expect(file("gone.rc") == "0\n", "\(file("start.err"))")
        #expect(file("state") == "no success 0\n", "\(file("state")) \(file("journal"))")
    }

    @Test(
        "run from the autostart entry, started as a session manager that ignores X-systemd-skip: exits 0 at once beside the generator's timers, and stays without a user manager"
    )
    func autostartBesideTheGenerator() throws {
        let sandbox = Sandbox()
        let generators = try Self.generatorDirectory()
        let entry = try String(contentsOfFile: "\(RepositoryPaths.root)/packaging/autostart/dailyquote.desktop.in", encoding: .utf8)
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
        let command = String(exec).replacing("@BINDIR@/dailyquote", with: RepositoryPaths.binary)
        let tryExec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("TryExec=") })
        #expect(tryExec == "TryExec=@BINDIR@/dailyquote")
        let work = TemporaryDirectory()
        let script = """
            set -u
            systemctl --user show dailyquote-notify.timer -p ActiveState --value >"$W/timer"
            # As cinnamon-session or xfce4-session would: the Exec line, through a shell, in the session.
            start=$(date +%s%N)
            timeout 20 sh -c "$EXEC" >"$W/run.out" 2>"$W/run.err"; echo $? >"$W/run.rc"
            echo $(( ($(date +%s%N) - start) / 1000000 )) >"$W/run.ms"
            # No user manager answers (a session without systemd): the scheduler stays.
            XDG_RUNTIME_DIR="$W/none" timeout 3 sh -c "$EXEC" >/dev/null 2>"$W/alone.err"; echo $? >"$W/alone.rc"
            """
        var environment = sandbox.environment
        environment["SYSTEMD_GENERATOR_PATH"] = generators.path
        environment["EXEC"] = command
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), ["bash", "-c", script], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("timer") == "active\n", "the generator wrote no timers: \(result.stderr)")
        #expect(file("run.rc") == "0\n", "\(file("run.err"))")
        #expect(
            file("run.err").contains(
                "the systemd user manager runs dailyquote's timers here (dailyquote-notify.timer: active, generated by dailyquote-generator)"
            ),
            "\(file("run.err"))")
        print("run --from-autostart beside the timers exited after \(file("run.ms").trimmingCharacters(in: .newlines)) ms")
        #expect(file("alone.rc") == "124\n", "run --from-autostart without a user manager did not stay: \(file("alone.err"))")
        #expect(file("alone.err").contains("scheduler started"), "\(file("alone.err"))")
    }

    @Test(
        "uninstall under the generator: without a terminal or --yes it prints the step and exits 1; with --yes it writes enabled = false, keeping the rest of the config, and the timers are gone"
    )
    func uninstallTurnsTheGeneratorOff() throws {
        let sandbox = Sandbox()
        let generators = try Self.generatorDirectory()
        let original = "# my settings\n[delivery]\nhour = 7 # early\nminute = 30\n\n[notification]\ntitle = \"Mine\"\n"
        let config = try sandbox.home.write("config/dailyquote/config.toml", original)
        let work = TemporaryDirectory()
        let script = """
            set -u
            show() { systemctl --user show "$1" -p "$2" --value; }
            show dailyquote-notify.timer ActiveState >"$W/before"
            "$DQ" uninstall </dev/null >"$W/refused.out" 2>"$W/refused.err"; echo $? >"$W/refused.rc"
            show dailyquote-notify.timer ActiveState >"$W/after-refusal"
            "$DQ" uninstall --yes </dev/null >"$W/yes.out" 2>"$W/yes.err"; echo $? >"$W/yes.rc"
            show dailyquote-notify.timer LoadState >"$W/load"
            show dailyquote-notify.timer ActiveState >"$W/active"
            "$DQ" status >"$W/status.txt" 2>/dev/null
            # The next login: the generator runs again and still writes nothing.
            systemctl --user daemon-reload
            show dailyquote-notify.timer LoadState >"$W/load-again"
            "$DQ" uninstall </dev/null >"$W/again.out" 2>&1; echo $? >"$W/again.rc"
            """
        var environment = sandbox.environment
        environment["SYSTEMD_GENERATOR_PATH"] = generators.path
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), ["bash", "-c", script], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("before") == "active\n", "the generator wrote no timers: \(result.stderr)")
        #expect(file("refused.rc") == "1\n", "\(file("refused.out")) \(file("refused.err"))")
        #expect(file("refused.out").contains("to stop them, run `dailyquote uninstall --yes`"), "\(file("refused.out"))")
        #expect(file("refused.err").contains("refusing to edit the config without --yes"), "\(file("refused.err"))")
        #expect(file("after-refusal") == "active\n")
        #expect(file("yes.rc") == "0\n", "\(file("yes.out")) \(file("yes.err"))")
        #expect(file("yes.out").contains("wrote `enabled = false` under [delivery] in \(config)"), "\(file("yes.out"))")
        #expect(file("yes.out").contains("the generator's timers are gone"), "\(file("yes.out"))")
        // Removing the config would turn the timers back on: no such step, and it says so.
        #expect(
            file("yes.out").contains(
                "kept the config: \(config); it holds your opt-out (`enabled = false` under [delivery])\nremoving it turns the quotes back on while the dailyquote package is installed\n"
            ), "\(file("yes.out"))")
        #expect(!file("yes.out").contains("rm \(config)"), "\(file("yes.out"))")
        #expect(!file("yes.out").contains("autostart"), "under a user manager the entry's run exits by itself: \(file("yes.out"))")
        let edited = try String(contentsOfFile: config, encoding: .utf8)
        #expect(edited == original.replacing("[delivery]\n", with: "[delivery]\nenabled = false\n"), "\(edited)")
        #expect(file("load") == "not-found\n", "\(file("load"))")
        #expect(file("active") == "inactive\n")
        #expect(!file("status.txt").contains("generated by dailyquote-generator"), "\(file("status.txt"))")
        #expect(file("load-again") == "not-found\n")
        #expect(file("again.rc") == "0\n", "\(file("again.out"))")
        #expect(file("again.out").contains("no dailyquote timers are installed; nothing to stop or remove"), "\(file("again.out"))")
    }
}
