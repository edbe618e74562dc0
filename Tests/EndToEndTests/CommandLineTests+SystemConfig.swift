import Foundation
import TestSupport
import Testing

extension CommandLineTests {
    @Test("The system config gives defaults, the user's file overrides them key by key, and schedule plans with both")
    func systemConfigPrecedence() throws {
        let sandbox = Sandbox()
        let system = try sandbox.home.write("xdg/dailyquote/config.toml", "[delivery]\nhour = 7\nminute = 30\n")
        let alone = try sandbox.run(["schedule", "--count", "1"])
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stdout.contains("every day at 07:30"), "\(alone.stdout)")
        let user = try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nhour = 9\n")
        let both = try sandbox.run(["schedule", "--count", "1"])
        #expect(both.stdout.contains("every day at 09:30"), "\(both.stdout)")

        let status = try sandbox.run(["status", "--json"])
        #expect(status.status == 0, "\(status.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let config = try #require(object["config"] as? [String: Any])
        #expect(config["systemFiles"] as? [String] == [system])
        let origins = try #require(config["origins"] as? [String: [String: String]])
        #expect(origins["delivery.hour"] == ["from": "user", "file": user])
        #expect(origins["delivery.minute"] == ["from": "system", "file": system])
        #expect(origins["refresh.lead"] == ["from": "default"])
        #expect(origins["source"] == ["from": "default"])

        let text = try sandbox.run(["status"])
        #expect(text.stdout.contains("system config:  \(system)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("values from:    user file \(user): delivery.hour\n"), "\(text.stdout)")
        #expect(text.stdout.contains("values from:    system file \(system): delivery.minute\n"), "\(text.stdout)")
        #expect(text.stdout.contains("values from:    built-in defaults: every other key\n"), "\(text.stdout)")
    }

    @Test("XDG_CONFIG_DIRS: the first directory is the most important; config path lists each file in that order")
    func systemConfigDirectories() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment["XDG_CONFIG_DIRS"] = "\(sandbox.home.url("site")):\(sandbox.home.url("vendor"))"
        _ = try sandbox.home.write("site/dailyquote/config.toml", "[delivery]\nhour = 6\n")
        _ = try sandbox.home.write("vendor/dailyquote/config.toml", "[delivery]\nhour = 5\nminute = 15\n")
        let schedule = try sandbox.run(["schedule", "--count", "1"])
        #expect(schedule.stdout.contains("every day at 06:15"), "\(schedule.stdout)")
        let path = try sandbox.run(["config", "path"])
        #expect(
            path.stdout.contains(
                "config: \(sandbox.home.url("config/dailyquote/config.toml"))\nsystem: \(sandbox.home.url("site/dailyquote/config.toml"))\nsystem: \(sandbox.home.url("vendor/dailyquote/config.toml"))\ncache:"
            ), "\(path.stdout)")
    }

    @Test("config check checks both files: ok for each, or exit 78 naming the right file and line")
    func systemConfigCheck() throws {
        let sandbox = Sandbox()
        let system = try sandbox.home.write("xdg/dailyquote/config.toml", "[delivery]\nhour = 7\n")
        let user = try sandbox.home.write("config/dailyquote/config.toml", "[notification]\ntitle = \"Hi\"\n")
        let ok = try sandbox.run(["config", "check"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout == "ok: \(user)\nok: \(system) (system)\n")

        try "# ACME\n[delivery]\nhour = 7\nminute = 75\n".write(toFile: system, atomically: true, encoding: .utf8)
        let broken = try sandbox.run(["config", "check"])
        #expect(broken.status == 78)
        #expect(broken.stderr.contains("\(system):4: delivery.minute: 75 is out of range"), "\(broken.stderr)")

        // A system value the user's file overrides is still an error for everyone else.
        try "[delivery]\nhour = 7\nminute = 15\n".write(toFile: user, atomically: true, encoding: .utf8)
        let shadowed = try sandbox.run(["config", "check"])
        #expect(shadowed.status == 78)
        #expect(shadowed.stderr.contains("\(system):4: delivery.minute:"), "\(shadowed.stderr)")
        #expect(try sandbox.run(["schedule", "--count", "1"]).status == 0, "this user's merged config is fine")

        try "[delivery]\nhour = 7\n".write(toFile: system, atomically: true, encoding: .utf8)
        try "\n[notification]\nurgency = \"loud\"\n".write(toFile: user, atomically: true, encoding: .utf8)
        let userBroken = try sandbox.run(["config", "check"])
        #expect(userBroken.status == 78)
        #expect(userBroken.stderr.contains("\(user):3: notification.urgency:"), "\(userBroken.stderr)")
    }

    @Test(
        "install with enabled = false still installs (and says that the key only turns off the generator), the config watch too; uninstall removes it"
    )
    func installDisabled() throws {
        let sandbox = Sandbox()
        _ = try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nenabled = false\n")
        let result = try sandbox.run(["install", "--no-enable"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("delivery.enabled is false"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.home.url("config/systemd/user/dailyquote-notify.timer")))
        let path = try String(contentsOfFile: sandbox.home.url("config/systemd/user/dailyquote-config.path"), encoding: .utf8)
        #expect(path.contains("PathChanged=\(sandbox.home.url("config/dailyquote/config.toml"))\n"))
        let service = try String(contentsOfFile: sandbox.home.url("config/systemd/user/dailyquote-config.service"), encoding: .utf8)
        #expect(service.contains(" install\n"), "install's watch runs install again: \(service)")
        let uninstall = try sandbox.run(["uninstall"])
        #expect(
            uninstall.stdout.contains("removed \(sandbox.home.url("config/systemd/user/dailyquote-config.path"))"), "\(uninstall.stdout)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url("config/systemd/user/dailyquote-config.service")))
    }
}
