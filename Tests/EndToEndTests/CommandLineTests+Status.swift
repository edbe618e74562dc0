import Foundation
import TestSupport
import Testing

/// `status` and `doctor` as a user sees them when something is off.
extension CommandLineTests {
    @Test("status --json: config, plan, cache, last refresh and delivery, engine sync, and why the server is unavailable")
    func statusJSON() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\nhour = 9\ntime_zone = \"Europe/Berlin\"\n")
        try sandbox.home.write("cache/dailyquote/quote.json", Self.seededCache)
        #expect(try sandbox.run(["install", "--no-enable", "--config", config]).status == 0)
        let history =
            #"{"planned":"2026-11-20T09:00:00+01:00","plannedAt":1763625600,"plannedDay":"2026-11-20","posted":"2026-11-20T09:00:01+01:00","postedAt":1763625601,"text":"Posted text.","author":"A","source":"cache","reason":"fresh","server":"dunst"}"#
        try sandbox.home.write("state/dailyquote/history.jsonl", history + "\n")

        let result = try sandbox.run(["status", "--json", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let configState = try #require(object["config"] as? [String: Any])
        #expect(configState["valid"] as? Bool == true)
        #expect(configState["path"] as? String == config)
        // The version of the binary, as --version prints it (1.0.1~dev between releases).
        #expect(object["version"] as? String == (try sandbox.run(["--version"])).stdout.trimmingCharacters(in: .newlines))
        #expect(object["timeZone"] as? String == "Europe/Berlin")
        #expect(object["rule"] as? String == "every day at 09:00")
        #expect((object["nextDelivery"] as? [String: Any])?["at"] as? String != nil)
        #expect((object["nextRefresh"] as? [String: Any])?["relative"] as? String != nil)
        #expect((object["cachedQuote"] as? [String: Any])?["text"] as? String == "The old cached quote stays.")
        #expect((object["lastDelivery"] as? [String: Any])?["planned"] as? String == "2026-11-20T09:00:00+01:00")
        let engine = try #require(object["engine"] as? [String: Any])
        #expect(engine["kind"] as? String == "systemd")
        #expect(engine["unitsInSync"] as? Bool == true)
        #expect(engine["timersEnabled"] as? Bool == false)
        #expect(engine["runProcess"] as? Bool == false)
        #expect(object["notificationServer"] == nil)
        #expect((object["notificationServerError"] as? String)?.isEmpty == false)
        #expect(result.stderr.isEmpty, "--json output is never mixed with logs: \(result.stderr)")

        // Editing the config without re-running install puts the units out of sync.
        try "[delivery]\nhour = 10\ntime_zone = \"Europe/Berlin\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let text = try sandbox.run(["status", "--config", config])
        #expect(text.stdout.contains("OUT OF SYNC: run `dailyquote install`"), "\(text.stdout)")
    }

    @Test(
        "Without a user manager, doctor takes the active autostart entry for the engine (ok, not FAIL), with or without units install wrote; a hidden entry leaves the failure"
    )
    func doctorAutostartEngine() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = ["XDG_RUNTIME_DIR": "/nonexistent", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        let entry = try sandbox.home.write(
            "xdg/autostart/dailyquote.desktop", "[Desktop Entry]\nType=Application\nName=dailyquote\nExec=dailyquote run --from-autostart\n"
        )
        let engine = "ok   scheduler: no systemd user manager; the autostart entry \(entry) starts `dailyquote run` at each login\n"
        let doctor = try sandbox.run(["doctor", "--offline"])
        #expect(doctor.stdout.contains(engine), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("systemd user manager:"), "\(doctor.stdout)")
        #expect(try sandbox.run(["install"]).status == 69)
        #expect(try sandbox.run(["doctor", "--offline"]).stdout.contains(engine))
        try sandbox.home.write("config/autostart/dailyquote.desktop", "[Desktop Entry]\nHidden=true\n")
        let hidden = try sandbox.run(["doctor", "--offline"])
        #expect(hidden.stdout.contains("FAIL systemd user manager: cannot be reached"), "\(hidden.stdout)")
    }

    @Test(
        "With enabled = false, status says the quotes are off and where, promises nothing (no nextDelivery in --json, engine.kind off), and doctor reports it, not a failure, though the autostart entry is installed"
    )
    func statusTurnedOff() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = ["XDG_RUNTIME_DIR": "/nonexistent", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        try sandbox.home.write("xdg/autostart/dailyquote.desktop", "[Desktop Entry]\nExec=dailyquote run --from-autostart\n")
        let config = try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nenabled = false\n")
        let off =
            "off: you turned the quotes off in \(config) (`enabled = false` under [delivery]); to turn them on again, set `enabled = true` there"
        let status = try sandbox.run(["status"])
        #expect(status.stdout.contains("next delivery:  none while the quotes are off\n"), "\(status.stdout)")
        #expect(status.stdout.contains("engine:         \(off)\n"), "\(status.stdout)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try sandbox.run(["status", "--json"]).stdout.utf8)) as? [String: Any])
        #expect(json["nextDelivery"] == nil && json["nextRefresh"] == nil)
        let engine = try #require(json["engine"] as? [String: Any])
        #expect(engine["kind"] as? String == "off" && engine["turnedOffIn"] as? String == config, "\(engine)")
        let doctor = try sandbox.run(["doctor", "--offline"])
        #expect(doctor.stdout.contains("ok   scheduler: \(off)\n"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("FAIL systemd user manager"), "\(doctor.stdout)")
    }

    @Test("status with a broken config still reports, and says why the config is invalid")
    func statusBrokenConfig() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\nhour = 25\n")
        let result = try sandbox.run(["status", "--config", config])
        #expect(result.status == 0)
        #expect(result.stdout.contains("INVALID: \(config):2: delivery.hour: 25 is out of range"), "\(result.stdout)")
        #expect(result.stdout.contains("engine:"))
        // status only reads: none of dailyquote's directories appears. (GLib, asked for the
        // notification server, may create the empty XDG cache base directory itself.)
        for path in ["state/dailyquote", "cache/dailyquote", "config/systemd"] {
            #expect(!FileManager.default.fileExists(atPath: sandbox.home.url(path)), "\(path)")
        }
    }

    @Test("status sees a running `run` scheduler and the real notification server")
    func statusSeesRunAndServer() throws {
        let sandbox = Sandbox()
        let report = try NotificationSession(sandbox: sandbox).run("status-beside-run.sh")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data((report.files["status.json"] ?? "").utf8)) as? [String: Any],
            "\(report.files["status.err"] ?? "") \(report.output)")
        let engine = try #require(object["engine"] as? [String: Any])
        #expect(engine["runProcess"] as? Bool == true)
        #expect(engine["kind"] as? String == "run")
        let server = try #require(object["notificationServer"] as? [String: Any])
        #expect(server["name"] as? String == "dunst")
        #expect((server["capabilities"] as? [String])?.contains("body-markup") == true)
        // No systemd user manager here, but the `run` scheduler covers it: every check passes.
        let doctor = report.files["doctor.out"] ?? ""
        #expect(report.files["doctor.rc"] == "0\n", "\(doctor)")
        #expect(doctor.contains("ok   notification server: dunst"))
        #expect(doctor.contains("ok   scheduler: no systemd user manager; a `dailyquote run` scheduler is running"))
    }

    @Test("doctor: one line per check; FAIL with a fix for a broken config, no bus and no scheduler; exit 1")
    func doctorFails() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(sandbox.home.url("no-bus"))"]
        let config = try sandbox.config("[delivery]\nhour = 8\nminute = 61\n")
        let result = try sandbox.run(["doctor", "--offline", "--config", config])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("ok   ") || $0.hasPrefix("FAIL ") }, "\(result.stdout)")
        #expect(result.stdout.contains("FAIL config: \(config):3: delivery.minute: 61 is out of range"), "\(result.stdout)")
        #expect(result.stdout.contains("FAIL session bus: unix:path=\(sandbox.home.url("no-bus")) refuses connections"))
        #expect(result.stdout.contains("FAIL notification server:"))
        #expect(result.stdout.contains("FAIL systemd user manager: cannot be reached"))
        #expect(result.stdout.contains("— fix: "))
        #expect(result.stdout.contains("ok   first source: not checked (--offline)"))
    }

    @Test("doctor reaches the first source under its deadline, and names a broken one")
    func doctorSource() throws {
        let server = try QuoteServer()
        for (route, expected) in [
            ("zen", "ok   first source: zenquotes gave \"Very little is needed to make a happy li…\""),
            ("500", "FAIL first source: HTTP 500"),
        ] {
            let (sandbox, config) = try Self.refreshSandbox(["type = \"zenquotes\"\nurl = \"\(server.url(route))\""])
            let result = try sandbox.run(["doctor", "--config", config])
            #expect(result.stdout.contains(expected), "\(result.stdout)")
        }
    }
}
