import Foundation
import TestSupport
import Testing

/// Commands that need no plan work whatever the config file says.
extension CommandLineTests {
    static let brokenConfigs = ["[delivery]\nhour = 25\n", "[delivery\n", "\u{0}\u{0}\u{0}", "[notification]\nurgency = \"loud\"\n"]

    @Test("history, clear, uninstall, config path and config init --force work with a broken config", arguments: brokenConfigs)
    func noPlanCommandsIgnoreABrokenConfig(text: String) throws {
        let sandbox = Sandbox()
        let config = try sandbox.home.write("config/dailyquote/config.toml", text)
        let line =
            #"{"author":"A","plannedAt":1790000000,"plannedDay":"2026-09-21","posted":"2026-09-21T08:00:00Z","postedAt":1790000000,"#
            + #""reason":"cache","server":"dunst","source":"file","text":"Kept."}"#
        try sandbox.home.write("state/dailyquote/history.jsonl", line + "\n")
        try sandbox.home.write("config/systemd/user/dailyquote-notify.timer", "[Timer]\n")
        sandbox.extraEnvironment = [
            "XDG_RUNTIME_DIR": sandbox.home.url("no-runtime"), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]

        let history = try sandbox.run(["history"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("Kept."))
        let json = try sandbox.run(["history", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"Kept.\""))
        #expect(try sandbox.run(["config", "path"]).status == 0)

        let uninstall = try sandbox.run(["uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(uninstall.stdout.contains("removed \(sandbox.home.url("config/systemd/user"))/dailyquote-notify.timer"))
        #expect(uninstall.stdout.contains("kept the config: \(config)"))
        #expect(!uninstall.stderr.contains("error"), "\(uninstall.stderr)")

        let clear = try sandbox.run(["clear", "--state", "--yes"])
        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url("state/dailyquote")))

        let initialise = try sandbox.run(["config", "init", "--force"])
        #expect(initialise.status == 0, "\(initialise.stderr)")
        #expect(try sandbox.run(["config", "check"]).status == 0)
    }

    @Test("uninstall with nothing installed says so calmly, exit 0, and tells run users how to turn autostart off")
    func uninstallNothing() throws {
        let sandbox = Sandbox()
        let systemDirectory = sandbox.home.url("etc-xdg")
        try sandbox.home.write("etc-xdg/autostart/dailyquote.desktop", "[Desktop Entry]\nExec=dailyquote run\n")
        sandbox.extraEnvironment = [
            "XDG_CONFIG_DIRS": systemDirectory, "XDG_RUNTIME_DIR": sandbox.home.url("no-runtime"),
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]
        let result = try sandbox.run(["uninstall"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("no dailyquote timers are installed; nothing to stop or remove\n"), "\(result.stdout)")
        #expect(result.stdout.contains("starts at login from \(systemDirectory)/autostart/dailyquote.desktop"), "\(result.stdout)")

        // The printed command is the way to turn it off: after it, uninstall no longer mentions autostart.
        let command = try #require(result.stdout.split(separator: "\n").last).trimmingCharacters(in: .whitespaces)
        let hide = try ProcessRunner.run(RepositoryPaths.support("cli/as-typed.sh"), [command], environment: sandbox.environment)
        #expect(hide.status == 0, "\(command): \(hide.stderr)")
        let again = try sandbox.run(["uninstall"])
        #expect(!again.stdout.contains("autostart"), "\(again.stdout)")
    }

    @Test(
        "uninstall removes the timers' Persistent= stamps and names what remains (config, favourites, cache and state) with how to remove each"
    )
    func uninstallSaysWhatRemains() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = [
            "XDG_RUNTIME_DIR": sandbox.home.url("no-runtime"), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]
        #expect(try sandbox.run(["install", "--no-enable"]).status == 0)
        let config = try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nhour = 9\n")
        let favourites = try sandbox.home.write(".local/share/dailyquote/favorites.jsonl", "")
        let stamp = try sandbox.home.write(".local/share/systemd/timers/stamp-dailyquote-notify.timer", "")
        _ = try sandbox.home.write("state/dailyquote/state.json", "{}")
        let result = try sandbox.run(["uninstall"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("removed \(stamp)\n"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: stamp))
        #expect(result.stdout.contains("kept the config: \(config) (remove it with `rm \(config)`)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("kept your favourites: \(favourites) (remove them with `rm \(favourites)`)\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "kept the cached quote and the history: \(sandbox.home.url("state/dailyquote")) (`dailyquote uninstall --purge` removes them)\n"
            ),
            "\(result.stdout)")
        let purged = try sandbox.run(["uninstall", "--purge"])
        #expect(purged.status == 0, "\(purged.stderr)")
        #expect(!purged.stdout.contains("kept the cached quote"), "\(purged.stdout)")
        #expect(purged.stdout.contains("kept your favourites"), "--purge keeps the favourites and says so: \(purged.stdout)")
    }

    @Test(
        "uninstall never offers to remove a config whose removal turns the quotes back on (enabled = false, or a file the generator cannot read), with --purge too; where the system's config turns them off, removing it is offered"
    )
    func uninstallKeepsTheOptOut() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = [
            "XDG_RUNTIME_DIR": sandbox.home.url("no-runtime"), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]
        let optOut = "; it holds your opt-out (`enabled = false` under [delivery])\n"
        let back = "\nremoving it turns the quotes back on while the dailyquote package is installed\n"
        let config = try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nenabled = false\n")
        for arguments in [["uninstall"], ["uninstall", "--purge"], ["uninstall", "--yes"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("kept the config: \(config)\(optOut)"), "\(arguments): \(result.stdout)")
            #expect(result.stdout.contains(back), "\(arguments): \(result.stdout)")
            #expect(!result.stdout.contains("rm \(config)"), "\(arguments): \(result.stdout)")
        }
        try sandbox.home.write("config/dailyquote/config.toml", "[delivery\n")
        let invalid = try sandbox.run(["uninstall"])
        #expect(invalid.stdout.contains("kept the config: \(config); it is invalid, so the package's generator makes no timers from it"))
        #expect(invalid.stdout.contains(back) && !invalid.stdout.contains("rm \(config)"), "\(invalid.stdout)")

        // Turned off for everyone: the user's file changes nothing, and removing it is the plain step.
        try sandbox.home.write("xdg/dailyquote/config.toml", "[delivery]\nenabled = false\n")
        try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nenabled = false\n")
        let system = try sandbox.run(["uninstall"])
        #expect(system.stdout.contains("kept the config: \(config) (remove it with `rm \(config)`)\n"), "\(system.stdout)")
        #expect(!system.stdout.contains("turns the quotes back on"), "\(system.stdout)")
    }

    @Test(
        "uninstall under the generator with an inline `delivery = { … }` table: the advice puts enabled = false inside it, never a [delivery] header (a TOML error); the file is kept as it was, exit 78"
    )
    func uninstallInlineDeliveryAdvice() throws {
        let sandbox = Sandbox()
        // The generator's units, as the user manager keeps them in its runtime directory.
        for name in ["dailyquote-notify.service", "dailyquote-notify.timer"] {
            try sandbox.home.write("run/systemd/generator/\(name)", "[Unit]\n")
        }
        sandbox.extraEnvironment = ["XDG_RUNTIME_DIR": sandbox.home.url("run"), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        let original = "delivery = { hour = 7 }\n"
        let config = try sandbox.home.write("config/dailyquote/config.toml", original)
        let result = try sandbox.run(["uninstall", "--yes"])
        #expect(result.status == 78, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "to stop them, add `enabled = false` inside the inline table `delivery = { … }` in \(config), then run `systemctl --user daemon-reload`"
            ), "\(result.stdout)")
        #expect(!result.stdout.contains("under [delivery]"), "\(result.stdout)")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == original)
    }

    @Test(
        "uninstall as make uninstall runs it gives no step that needs the binary or the user's autostart entry, which make uninstall removes next; a system-wide entry keeps its step"
    )
    func uninstallFromMakeUninstall() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = [
            "XDG_RUNTIME_DIR": sandbox.home.url("no-runtime"), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]
        try sandbox.home.write("config/autostart/dailyquote.desktop", "[Desktop Entry]\nExec=dailyquote run\n")
        try sandbox.home.write("cache/dailyquote/quote.json", "{}")
        try sandbox.home.write("state/dailyquote/state.json", "{}")
        let plain = try sandbox.run(["uninstall"])
        #expect(
            plain.stdout.contains("Hidden=true") && plain.stdout.contains("`dailyquote uninstall --purge` removes them"), "\(plain.stdout)")

        let make = try sandbox.run(["uninstall", "--from-make-uninstall"])
        #expect(make.status == 0, "\(make.stderr)")
        #expect(!make.stdout.contains("Hidden=true"), "\(make.stdout)")
        #expect(!make.stdout.contains("dailyquote uninstall"), "\(make.stdout)")
        #expect(!make.stdout.contains("kept the cached quote"), "make uninstall names them itself: \(make.stdout)")

        try sandbox.home.write("xdg/autostart/dailyquote.desktop", "[Desktop Entry]\nExec=dailyquote run\n")
        let system = try sandbox.run(["uninstall", "--from-make-uninstall"])
        #expect(system.stdout.contains("starts at login from \(sandbox.home.url("xdg/autostart/dailyquote.desktop"))"), "\(system.stdout)")
    }
}
