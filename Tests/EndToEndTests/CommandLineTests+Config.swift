import Foundation
import TestSupport
import Testing

extension CommandLineTests {
    @Test(
        "Every config error class exits 78 with one line naming the file and the key",
        arguments: [
            ("[delivery]\nhour = 8\nminit = 5\n", "delivery.minit"),
            ("[delivery]\nhour = \"eight\"\n", "delivery.hour"),
            ("[delivery]\nhour = 24\n", "delivery.hour"),
            ("[refresh]\nlead = \"soon\"\n", "refresh.lead"),
            ("[delivery]\nhour = 8\ntime_zone = \"Moon/Base\"\n", "delivery.time_zone"),
            ("[delivery]\nhour = 8\nweekdays = [\"mon\", \"caturday\"]\n", "delivery.weekdays"),
            ("[delivery\nhour = 8\n", "invalid TOML"),
            ("[delivery]\nhour = 9\n\u{0}\nhour = 99\n", ":3: invalid TOML: control character U+0000 (NUL) at column 1"),
            (String(repeating: "\u{0}", count: 4096), ":1: invalid TOML: control character U+0000 (NUL) at column 1"),
        ])
    func configErrors(text: String, key: String) throws {
        let sandbox = Sandbox()
        let path = try sandbox.config(text)
        for command in [["config", "check"], ["schedule"], ["--dry-run"]] {
            let result = try sandbox.run(command + ["--config", path])
            #expect(result.status == 78, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(path))
            #expect(result.stderr.contains(key))
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test("A broken default config file is also exit 78, and journald gets priority <3>")
    func defaultFileAndJournal() throws {
        let sandbox = Sandbox()
        try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nhour = -1\n")
        sandbox.extraEnvironment["JOURNAL_STREAM"] = "8:12345"
        let result = try sandbox.run(["schedule"])
        #expect(result.status == 78)
        #expect(result.stderr.hasPrefix("<3>dailyquote: error: \(sandbox.home.url("config/dailyquote/config.toml")):2: delivery.hour"))
    }

    @Test("A missing --config file is an error; a missing default file means defaults")
    func missingFiles() throws {
        let sandbox = Sandbox()
        let missing = try sandbox.run(["config", "check", "--config", sandbox.home.url("nope.toml")])
        #expect(missing.status == 78)
        #expect(missing.stderr.contains("nope.toml"))
        let defaults = try sandbox.run(["config", "check"])
        #expect(defaults.status == 0)
        #expect(defaults.stdout == "ok: \(sandbox.home.url("config/dailyquote/config.toml"))\n")
    }

    @Test("config init writes the commented defaults once (the default length limit named), check accepts them, --force overwrites")
    func configInit() throws {
        let sandbox = Sandbox()
        let path = sandbox.home.url("config/dailyquote/config.toml")
        let first = try sandbox.run(["config", "init"])
        #expect(first.status == 0, "\(first.stderr)")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("# dailyquote configuration"))
        // The default length limit is named where max_length is, not left for a refusal to reveal.
        #expect(written.contains("# Without max_length, a quote of more than 300 characters or more than 12 lines is refused"))
        #expect(try sandbox.run(["config", "check"]).stdout == "ok: \(path)\n")
        try "[delivery]\nhour = 9\n".write(toFile: path, atomically: true, encoding: .utf8)
        let again = try sandbox.run(["config", "init"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[delivery]\nhour = 9\n")
        #expect(try sandbox.run(["config", "init", "--force"]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == written)
    }

    @Test(
        "A symlinked config (a dotfiles layout): a broken link is named; config init and --force write the link's target and keep the link"
    )
    func symlinkedConfig() throws {
        let sandbox = Sandbox()
        let manager = FileManager.default
        let link = sandbox.home.url("config/dailyquote/config.toml")
        try manager.createDirectory(atPath: sandbox.home.url("config/dailyquote"), withIntermediateDirectories: true)
        try manager.createDirectory(atPath: sandbox.home.url("dotfiles"), withIntermediateDirectories: true)
        let target = sandbox.home.url("dotfiles/dailyquote.toml")
        // Relative, as dotfiles managers (stow) write them.
        try manager.createSymbolicLink(atPath: link, withDestinationPath: "../../dotfiles/dailyquote.toml")
        let resolved = URL(fileURLWithPath: sandbox.home.path).resolvingSymlinksInPath().path + "/dotfiles/dailyquote.toml"

        let check = try sandbox.run(["config", "check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("\(link) is a broken symbolic link (\(resolved) does not exist)"), "\(check.stderr)")
        #expect(!check.stderr.contains("\(link) does not exist"), "\(check.stderr)")
        let status = try sandbox.run(["status"])
        #expect(status.stdout.contains("a broken symbolic link to \(resolved)"), "\(status.stdout)")
        let explicit = try sandbox.run(["config", "check", "--config", link])
        #expect(explicit.status == 78)
        #expect(explicit.stderr.contains("a symbolic link to \(resolved), which does not exist"), "\(explicit.stderr)")

        let initialised = try sandbox.run(["config", "init"])
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(initialised.stdout == "wrote \(resolved) (through the symbolic link \(link))\n")
        #expect(try manager.destinationOfSymbolicLink(atPath: link) == "../../dotfiles/dailyquote.toml", "the link was replaced")
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.contains("# dailyquote configuration"))
        let again = try sandbox.run(["config", "init"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists (a symbolic link to \(resolved))"), "\(again.stderr)")
        try "[delivery]\nhour = 9\n".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(try sandbox.run(["config", "init", "--force"]).status == 0)
        #expect(try manager.destinationOfSymbolicLink(atPath: link) == "../../dotfiles/dailyquote.toml", "--force replaced the link")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == written)

        // A link into a directory that is not there (a checkout or a mount missing): refused, nothing created.
        try manager.removeItem(atPath: link)
        try manager.createSymbolicLink(atPath: link, withDestinationPath: sandbox.home.url("absent/dailyquote.toml"))
        let refused = try sandbox.run(["config", "init", "--force"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("whose directory \(sandbox.home.url("absent")) does not exist"), "\(refused.stderr)")
        #expect(!manager.fileExists(atPath: sandbox.home.url("absent")))
        #expect((try? manager.destinationOfSymbolicLink(atPath: link)) != nil)
    }

    @Test("Global options may stand before the subcommand")
    func globalOptionsFirst() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\nhour = 6\n")
        let schedule = try sandbox.run(["--config", config, "schedule", "--count", "1", "--from", "2026-01-01"])
        #expect(schedule.status == 0, "\(schedule.stderr)")
        #expect(schedule.stdout.contains("every day at 06:00"))
        let check = try sandbox.run(["-v", "--config=\(config)", "config", "check"])
        #expect(check.stdout == "ok: \(config)\n", "\(check.stderr)")
        let dryRun = try sandbox.run(["--config", config, "--dry-run"])
        #expect(dryRun.stdout.contains("every day at 06:00"), "\(dryRun.stderr)")
    }

    @Test("config path follows the XDG variables")
    func configPath() throws {
        let sandbox = Sandbox()
        let result = try sandbox.run(["config", "path"])
        #expect(
            result.stdout == """
                config: \(sandbox.home.url("config/dailyquote/config.toml"))
                system: \(sandbox.home.url("xdg/dailyquote/config.toml")) (absent)
                cache:  \(sandbox.home.url("cache/dailyquote"))
                state:  \(sandbox.home.url("state/dailyquote"))
                sources: without [[source]]: ZenQuotes, then the bundled collection (the messages language is English)

                """)
    }

    @Test("`dailyquote` alone starts the scheduler, which SIGINT stops with status 0")
    func bareCommandRuns() throws {
        let sandbox = Sandbox()
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        let result = try ProcessRunner.run(RepositoryPaths.support("cli/bare-command-run.sh"), [], environment: environment)
        #expect(result.stdout.hasPrefix("status 0\n"), "\(result.stdout)")
        #expect(result.stdout.contains("scheduler started: every day at 08:00, UTC"))
        #expect(result.stdout.contains("received signal 2; stopping"))
    }

    @Test("--dry-run previews the schedule and each stage, and leaves empty XDG dirs empty")
    func dryRunChangesNothing() throws {
        let sandbox = Sandbox()
        for name in ["config", "cache", "state"] {
            try FileManager.default.createDirectory(atPath: sandbox.home.url(name), withIntermediateDirectories: true)
        }
        let before = sandbox.home.contents()
        for arguments in [["--dry-run"], ["run", "--dry-run"], ["-v", "--dry-run"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("Deliveries in UTC, every day at 08:00 local time"))
            #expect(result.stdout.contains("\nrefresh: would fetch a quote at "))
            #expect(result.stdout.contains("\nnotify: would post the cached quote at "))
        }
        #expect(sandbox.home.contents() == before)
        #expect(before == ["cache", "config", "state"])
    }
}
