import Foundation
import TestSupport
import Testing

extension CommandLineTests {
    /// The four units as one text, with the machine-specific paths replaced.
    static func unitsText(_ sandbox: Sandbox, config: String?) throws -> String {
        let directory = sandbox.home.url("config/systemd/user")
        var text = ""
        for name in ["dailyquote-refresh.service", "dailyquote-refresh.timer", "dailyquote-notify.service", "dailyquote-notify.timer"] {
            text += "# \(name)\n" + (try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8))
        }
        let binary = URL(fileURLWithPath: RepositoryPaths.binary).resolvingSymlinksInPath().path
        text = text.replacingOccurrences(of: binary, with: "/usr/bin/dailyquote")
        if let config { text = text.replacingOccurrences(of: config, with: "/etc/dailyquote.toml") }
        return text
    }

    /// `systemd-analyze verify --user` on the sandbox's units; its complaints, or nil.
    static func verifyUnits(_ sandbox: Sandbox) throws -> String? {
        let directory = sandbox.home.url("config/systemd/user")
        let runtime = sandbox.home.url("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let names = ["dailyquote-refresh.service", "dailyquote-refresh.timer", "dailyquote-notify.service", "dailyquote-notify.timer"]
        // --man=no: the man page comes with the Debian package, which these tests do not install.
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["systemd-analyze", "verify", "--user", "--man=no"] + names.map { "\(directory)/\($0)" },
            environment: sandbox.environment.merging(["XDG_RUNTIME_DIR": runtime]) { $1 })
        return result.status == 0 && result.stderr.isEmpty ? nil : "status \(result.status): \(result.stderr)"
    }

    @Test("install --no-enable writes units that match their golden files and pass systemd-analyze verify", arguments: [
        ("", "units-default.txt"),
        ("[delivery]\nhour = 7\nminute = 15\nweekdays = [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]\ntime_zone = \"America/New_York\"\n[refresh]\nlead = \"1h30m\"\n", "units-weekdays-new-york.txt"),
        (berlin0230, "units-berlin-0230.txt"),
    ])
    func installGolden(config: String, golden: String) throws {
        let sandbox = Sandbox()
        var arguments = ["install", "--no-enable"]
        var path: String?
        if !config.isEmpty {
            path = try sandbox.config(config)
            arguments += ["--config", path!]
        }
        let result = try sandbox.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("systemctl --user enable --now dailyquote-refresh.timer dailyquote-notify.timer"))
        let text = try Self.unitsText(sandbox, config: path)
        #expect(text == (try GoldenFile.expected(golden, actual: text)))
        #expect(try Self.verifyUnits(sandbox) == nil)
    }

    @Test("install again rewrites only what changed; --dry-run writes nothing; uninstall --purge keeps the config")
    func installLifecycle() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\nhour = 9\n")
        let dry = try sandbox.run(["install", "--dry-run", "--config", config])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("OnCalendar=*-*-* 09:00:00 UTC"))
        #expect(dry.stdout.contains("dry run: nothing written"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url("config/systemd")))

        let first = try sandbox.run(["install", "--no-enable", "--config", config])
        #expect(first.stdout.components(separatedBy: "\nwrote ").count == 4, "\(first.stdout)")
        let second = try sandbox.run(["install", "--no-enable", "--config", config])
        #expect(!second.stdout.contains("wrote"), "\(second.stdout)")
        #expect(second.stdout.components(separatedBy: "unchanged ").count == 5)

        // A new delivery time changes the timers, not the services.
        try "[delivery]\nhour = 10\n".write(toFile: config, atomically: true, encoding: .utf8)
        let third = try sandbox.run(["install", "--no-enable", "--config", config])
        #expect(third.stdout.contains("wrote \(sandbox.home.url("config/systemd/user"))/dailyquote-notify.timer"))
        #expect(third.stdout.contains("wrote \(sandbox.home.url("config/systemd/user"))/dailyquote-refresh.timer"))
        #expect(third.stdout.contains("unchanged \(sandbox.home.url("config/systemd/user"))/dailyquote-notify.service"))
        #expect(try Self.unitsText(sandbox, config: config).contains("OnCalendar=*-*-* 10:00:00 UTC"))

        try sandbox.home.write("state/dailyquote/history.jsonl", "")
        try sandbox.home.write("cache/dailyquote/quote.json", "{}")
        let uninstall = try sandbox.run(["uninstall", "--purge", "--config", config])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        for path in ["config/systemd/user/dailyquote-notify.timer", "state/dailyquote", "cache/dailyquote"] {
            #expect(!FileManager.default.fileExists(atPath: sandbox.home.url(path)), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: config))
        #expect(uninstall.stdout.contains("kept the config: \(config)"))
    }

    @Test("install without a reachable user manager writes the units, prints the commands and exits 69")
    func installWithoutManager() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = ["XDG_RUNTIME_DIR": sandbox.home.url("no-runtime"), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        let result = try sandbox.run(["install"])
        #expect(result.status == 69, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("cannot reach the systemd user manager"))
        #expect(result.stdout.contains("  systemctl --user daemon-reload\n"))
        #expect(FileManager.default.fileExists(atPath: sandbox.home.url("config/systemd/user/dailyquote-notify.timer")))
    }
}
