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
        // The sandbox's directories, which the services may write.
        return text.replacingOccurrences(of: sandbox.home.path, with: "/home/u")
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
        // verify loads every installed user unit: the notification servers' own (mako.service,
        // swaync.service, dunst.service all claim org.freedesktop.Notifications) draw complaints
        // that are not about ours.
        let ours = result.stderr.split(separator: "\n").filter {
            !$0.hasPrefix("Failed to put bus name to hashmap")
                && !($0.contains(".service: Two services allocated") && !$0.hasPrefix("dailyquote-"))
        }
        return result.status == 0 && ours.isEmpty ? nil : "status \(result.status): \(result.stderr)"
    }

    @Test(
        "install --no-enable writes units that match their golden files and pass systemd-analyze verify",
        arguments: [
            ("", "units-default.txt"),
            (
                "[delivery]\nhour = 7\nminute = 15\nweekdays = [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]\ntime_zone = \"America/New_York\"\n[refresh]\nlead = \"1h30m\"\n",
                "units-weekdays-new-york.txt"
            ),
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
        let expected = try GoldenFile.expectedUnits(golden, actual: text)
        #expect(text == expected, "\(GoldenFile.firstDifference(text, expected))")
        #expect(try Self.verifyUnits(sandbox) == nil)
    }

    @Test("TZ only in the shell: the timers and both services carry that zone, and the units still verify")
    func installCarriesShellZone() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment["TZ"] = "Asia/Tokyo"
        let result = try sandbox.run(["install", "--no-enable"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try Self.unitsText(sandbox, config: nil)
        let expected = try GoldenFile.expectedUnits("units-tz-tokyo.txt", actual: text)
        #expect(text == expected, "\(GoldenFile.firstDifference(text, expected))")
        #expect(text.contains("OnCalendar=*-*-* 08:00:00 Asia/Tokyo"))
        #expect(text.components(separatedBy: "\nEnvironment=TZ=:Asia/Tokyo\n").count == 3, "both services carry the zone")
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
        // The four units of the plan and the two of the config watch.
        #expect(first.stdout.components(separatedBy: "\nwrote ").count == 6, "\(first.stdout)")
        let second = try sandbox.run(["install", "--no-enable", "--config", config])
        #expect(!second.stdout.contains("wrote"), "\(second.stdout)")
        #expect(second.stdout.components(separatedBy: "unchanged ").count == 7)

        // A new delivery time changes the timers, not the services.
        try "[delivery]\nhour = 10\n".write(toFile: config, atomically: true, encoding: .utf8)
        let third = try sandbox.run(["install", "--no-enable", "--config", config])
        #expect(third.stdout.contains("wrote \(sandbox.home.url("config/systemd/user"))/dailyquote-notify.timer"))
        #expect(third.stdout.contains("wrote \(sandbox.home.url("config/systemd/user"))/dailyquote-refresh.timer"))
        #expect(third.stdout.contains("unchanged \(sandbox.home.url("config/systemd/user"))/dailyquote-notify.service"))
        #expect(try Self.unitsText(sandbox, config: config).contains("OnCalendar=*-*-* 10:00:00 UTC"))

        try sandbox.home.write("state/dailyquote/history.jsonl", "")
        try sandbox.home.write("cache/dailyquote/quote.json", "{}")
        // The empty data directory the sandboxed services make for Save goes too.
        try FileManager.default.createDirectory(atPath: sandbox.home.url(".local/share/dailyquote"), withIntermediateDirectories: true)
        let uninstall = try sandbox.run(["uninstall", "--purge", "--config", config])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        for path in ["config/systemd/user/dailyquote-notify.timer", "state/dailyquote", "cache/dailyquote", ".local/share/dailyquote"] {
            #expect(!FileManager.default.fileExists(atPath: sandbox.home.url(path)), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: config))
        #expect(uninstall.stdout.contains("kept the config: \(config)"))
    }

    @Test(
        "favorites --remove with none saved writes nothing; uninstall --purge removes the directories made for dailyquote once empty, and names what it keeps in the data directory"
    )
    func purgeLeavesNothingUnnamed() throws {
        let sandbox = Sandbox()
        let none = try sandbox.run(["favorites", "--remove", "1"])
        #expect(none.status == 64, "\(none.stderr)")
        #expect(none.stderr.contains("there are no favourites to remove"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url(".local")), "favorites --remove wrote a file")
        try sandbox.home.write("state/dailyquote/history.jsonl", "")
        try sandbox.home.write("cache/dailyquote/quote.json", "{}")
        try sandbox.home.write(".local/share/dailyquote/favorites.jsonl.lock", "")
        let purge = try sandbox.run(["uninstall", "--purge"])
        #expect(purge.status == 0, "\(purge.stderr)")
        for path in ["state", "cache", ".local"] {
            #expect(!FileManager.default.fileExists(atPath: sandbox.home.url(path)), "\(path): \(purge.stdout)")
            #expect(purge.stdout.contains("removed \(sandbox.home.url(path))\n"), "\(purge.stdout)")
        }
        // Not dailyquote's file: kept, and named.
        try sandbox.home.write(".local/share/dailyquote/notes.txt", "mine")
        let again = try sandbox.run(["uninstall", "--purge"])
        #expect(again.stdout.contains("kept \(sandbox.home.url(".local/share/dailyquote")): it holds notes.txt\n"), "\(again.stdout)")
        #expect(FileManager.default.fileExists(atPath: sandbox.home.url(".local/share/dailyquote/notes.txt")))
    }

    @Test(
        "make uninstall (packaging/uninstall.sh) with the binary gone names every kept thing: the config and the favourites, the cache and the history"
    )
    func makeUninstallBinaryGoneNamesWhatStays() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = [
            "XDG_RUNTIME_DIR": sandbox.home.url("no-runtime"), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]
        // A per-user install's manifest, its binary already gone.
        let prefix = sandbox.home.url(".local")
        try sandbox.home.write(".local/share/dailyquote/installed-files", "mode user\n")
        let config = try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nhour = 7\n")
        let favourites = try sandbox.home.write(".local/share/dailyquote/favorites.jsonl", "{\"text\":\"x\"}\n")
        let state = sandbox.home.url("state/dailyquote")
        try sandbox.home.write("state/dailyquote/history.jsonl", "")
        let result = try ProcessRunner.run(
            "\(RepositoryPaths.root)/packaging/uninstall.sh", ["", prefix, "/etc"], environment: sandbox.environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("kept the config: \(config) (remove it with `rm \(config)`)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("kept your favourites: \(favourites) (remove them with `rm \(favourites)`)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("kept the cached quote and the history: \(state); to remove them, run:"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("removed dailyquote from \(prefix)\n"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: config) && FileManager.default.fileExists(atPath: favourites))
    }

    @Test("install without a reachable user manager writes the units, prints the commands and exits 69")
    func installWithoutManager() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = [
            "XDG_RUNTIME_DIR": sandbox.home.url("no-runtime"), "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent",
        ]
        let result = try sandbox.run(["install"])
        #expect(result.status == 69, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("cannot reach the systemd user manager"))
        #expect(result.stdout.contains("  systemctl --user daemon-reload\n"))
        #expect(FileManager.default.fileExists(atPath: sandbox.home.url("config/systemd/user/dailyquote-notify.timer")))
    }

    @Test(
        "Proof with the binary: systemd-analyze's elapses of `install --dry-run`'s lines contain three years of `schedule --json`",
        arguments: [
            ("Europe/Berlin", 2, 30), ("America/New_York", 1, 30), ("Pacific/Chatham", 2, 45),
        ])
    func installCoversSchedule(zone: String, hour: Int, minute: Int) throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\nhour = \(hour)\nminute = \(minute)\ntime_zone = \"\(zone)\"\n")
        // From next New Year, so that the absolute style's horizon (this year and three more) covers it.
        let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).year! + 1
        let from = "\(year)-01-01T00:00:00Z"
        let schedule = try sandbox.run(["schedule", "--config", config, "--from", from, "--count", "1000", "--json"])
        let report = try JSONDecoder().decode(Report.self, from: Data(schedule.stdout.utf8))
        // Three years from the start, in systemd-analyze's UTC notation.
        let planned = report.deliveries.map(\.utc).filter { $0 < "\(year + 2)-12-31" }.map {
            $0.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
        }
        #expect(planned.count >= 1000)
        let dry = try sandbox.run(["install", "--dry-run", "--config", config])
        let notifyTimer = try #require(dry.stdout.components(separatedBy: "dailyquote-notify.timer\n").last)
        let lines = notifyTimer.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }.map { String($0.dropFirst(11)) }
        let analyze = try ProcessRunner.run(
            "/usr/bin/env", ["systemd-analyze", "calendar", "--iterations=1500", "--base-time=\(year - 1)-12-31 23:00:00 UTC"] + lines,
            environment: RepositoryPaths.environment(["TZ": "UTC"]))
        #expect(analyze.status == 0, "\(analyze.stderr)")
        let elapses = Set(
            analyze.stdout.split(separator: "\n").compactMap { line -> String? in
                guard line.contains("Next elapse:") || line.contains("Iter. #") else { return nil }
                return line.firstMatch(of: /(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/).map { String($0.1) }
            })
        let missing = planned.filter { !elapses.contains($0) }
        #expect(missing.isEmpty, "\(zone) \(lines): missing \(missing.prefix(3))")
    }
}
