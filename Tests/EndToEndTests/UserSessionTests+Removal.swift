import Foundation
import TestSupport
import Testing

extension UserSessionTests {
    /// Runs the scenario `session/NAME` in a real user session whose manager runs dailyquote's
    /// generator (found through `SYSTEMD_GENERATOR_PATH`), with `DQ` (the binary), `W` (a work
    /// directory of its own) and `extra` set; the harness's result, and a reader of the files the
    /// scenario left in `W` ("" for a missing one).
    static func generatorScenario(
        _ name: String, sandbox: Sandbox, environment extra: [String: String] = [:]
    ) throws -> (result: ProcessResult, file: (String) -> String) {
        let generators = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: generators.url("dailyquote-generator"), withDestinationPath: RepositoryPaths.binary)
        let work = TemporaryDirectory()
        var environment = sandbox.environment.merging(extra) { _, given in given }
        environment["SYSTEMD_GENERATOR_PATH"] = generators.path
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        let result = try withExtendedLifetime(generators) {
            try ProcessRunner.run(
                RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/\(name)")], environment: environment)
        }
        return (result, { (file: String) in (try? String(contentsOfFile: work.url(file), encoding: .utf8)) ?? "" })
    }

    @Test("The package removed under install's units: the services are skipped by their condition, with no failure and no restart")
    func binaryGoneUnderInstalledUnits() throws {
        let sandbox = Sandbox()
        // A binary of its own, which the test removes as `apt-get remove` would.
        let bin = TemporaryDirectory()
        let binary = bin.url("dailyquote")
        try FileManager.default.copyItem(atPath: RepositoryPaths.binary, toPath: binary)
        let work = TemporaryDirectory()
        var environment = sandbox.environment
        environment["BIN"] = binary
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/binary-gone.sh")], environment: environment)
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
        var environment = sandbox.environment
        environment["BIN"] = binary
        environment["W"] = work.path
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/older-units-updated.sh")],
            environment: environment)
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
        let entry = try String(contentsOfFile: "\(RepositoryPaths.root)/packaging/autostart/dailyquote.desktop.in", encoding: .utf8)
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
        let command = String(exec).replacing("@BINDIR@/dailyquote", with: RepositoryPaths.binary)
        let tryExec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("TryExec=") })
        #expect(tryExec == "TryExec=@BINDIR@/dailyquote")
        let (result, file) = try Self.generatorScenario("autostart-beside-generator.sh", sandbox: sandbox, environment: ["EXEC": command])
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
        let original = "# my settings\n[delivery]\nhour = 7 # early\nminute = 30\n\n[notification]\ntitle = \"Mine\"\n"
        let config = try sandbox.home.write("config/dailyquote/config.toml", original)
        let (result, file) = try Self.generatorScenario("uninstall-generator.sh", sandbox: sandbox)
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

    @Test(
        "After the opt-out (uninstall --yes under the generator), status says the quotes are off in the config and promises no delivery, status --json has engine.kind off and no nextDelivery, doctor passes; neither dailyquote alone nor run starts a scheduler"
    )
    func optOutIsOff() throws {
        let sandbox = Sandbox()
        // Twelve hours away: nothing is due while the test runs, whatever the time of day.
        let hour = (Int(Date().timeIntervalSince1970) / 3600 + 12) % 24
        let config = try sandbox.home.write(
            "config/dailyquote/config.toml", "[delivery]\nhour = \(hour)\n[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n")
        let (result, file) = try Self.generatorScenario("opt-out.sh", sandbox: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("before") == "active\n", "the generator wrote no timers: \(result.stderr)")
        // Beside the timers, `dailyquote` alone says who delivers and starts no scheduler.
        #expect(file("bare-before.rc") == "0\n", "\(file("bare-before.out")) \(file("bare-before.err"))")
        #expect(
            file("bare-before.out").contains("the systemd user manager runs dailyquote's timers here (dailyquote-notify.timer: active"),
            "\(file("bare-before.out"))")
        #expect(!file("bare-before.err").contains("scheduler started"), "\(file("bare-before.err"))")
        #expect(file("yes.rc") == "0\n", "\(file("yes.out"))")
        #expect(file("active") == "inactive\n")

        let off =
            "off: you turned the quotes off in \(config) (`enabled = false` under [delivery]); to turn them on again, set `enabled = true` there"
        #expect(file("status.rc") == "0\n", "\(file("status.txt"))")
        #expect(file("status.txt").contains("next delivery:  none while the quotes are off\n"), "\(file("status.txt"))")
        #expect(file("status.txt").contains("next refresh:   none while the quotes are off\n"), "\(file("status.txt"))")
        #expect(file("status.txt").contains("engine:         \(off)\n"), "\(file("status.txt"))")
        #expect(!file("status.txt").contains("autostart"), "under a user manager the entry's run stands aside: \(file("status.txt"))")
        let status = try #require(
            try JSONSerialization.jsonObject(with: Data(file("status.json").utf8)) as? [String: Any], "\(file("status.json"))")
        #expect(status["nextDelivery"] == nil && status["nextRefresh"] == nil, "\(file("status.json"))")
        let engine = try #require(status["engine"] as? [String: Any])
        #expect(engine["kind"] as? String == "off", "\(file("status.json"))")
        #expect(engine["turnedOffIn"] as? String == config, "\(file("status.json"))")

        #expect(file("doctor.rc") == "0\n", "\(file("doctor.out"))")
        #expect(file("doctor.out").contains("ok   units: \(off)\n"), "\(file("doctor.out"))")
        #expect(!file("doctor.out").contains("FAIL"), "\(file("doctor.out"))")

        // Past the opt-out: no scheduler, no quote.
        #expect(file("bare.rc") == "0\n", "\(file("bare.out")) \(file("bare.err"))")
        #expect(
            file("bare.out").contains("the quotes are off (`enabled = false` under [delivery] in \(config)), so no scheduler starts"),
            "\(file("bare.out"))")
        #expect(file("run.rc") == "0\n", "\(file("run.err"))")
        #expect(file("run.err").contains("the quotes are off (`enabled = false` under [delivery] in \(config))"), "\(file("run.err"))")
        #expect(!file("calls").contains("member=Notify"), "\(file("calls"))")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url("state/dailyquote/history.jsonl")))
    }
}

extension UserSessionTests {
    @Test(
        "Removal ends the holder of the quote on screen, which closes it, and says so: uninstall --purge --yes, and make uninstall's script once the binary is gone"
    )
    func uninstallEndsTheHolder() throws {
        let sandbox = Sandbox()
        // Due when the notify service starts: planned two minutes ago, well inside the catch-up window.
        _ = try sandbox.home.write("config/dailyquote/config.toml", Self.config(at: Date().timeIntervalSince1970 - 120))
        let work = TemporaryDirectory()
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["W"] = work.path
        environment["PREFIX"] = sandbox.home.url(".local")
        environment["REPO"] = RepositoryPaths.root
        environment["USER_SESSION_MOCK_CAPABILITIES"] = "actions body body-markup persistence"
        let result = try ProcessRunner.run(
            RepositoryPaths.support("with-user-session.sh"), [RepositoryPaths.support("session/uninstall-holder.sh")],
            environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(result.status == 0, "\(result.stderr)")
        for part in ["purge", "make"] {
            let pid = file("\(part).pid").trimmingCharacters(in: .whitespacesAndNewlines)
            let id = file("\(part).id").trimmingCharacters(in: .whitespacesAndNewlines)
            let context =
                "\(part): \(file("\(part).install.out")) \(file("\(part).notify.out")) \(file("\(part).out")) \(file("\(part).err"))"
            #expect(file("\(part).notify.rc") == "0\n", "\(context)")
            try #require(!pid.isEmpty && !id.isEmpty, "no holder kept the quote: \(context) \(file("\(part).journal"))")
            #expect(file("\(part).rc") == "0\n", "\(context)")
            #expect(file("\(part).alive").isEmpty, "the holder (PID \(pid)) outlived the removal: \(context)")
            #expect(!file("\(part).closed").isEmpty, "the holder's notification \(id) was not closed: \(context)")
            #expect(
                file("\(part).out").contains("closed the quote on screen and ended its holder (PID \(pid))"), "\(context)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url(".local/bin/dailyquote")))
    }
}
