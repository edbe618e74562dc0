import Foundation
import TestSupport
import Testing

/// The foreground scheduler, `dailyquote run`, as real processes.
extension CommandLineTests {
    @Test("Two `run` schedulers beside `notify`: a missed delivery is posted at once, and only once; SIGTERM ends both")
    func runCatchesUpOnce() throws {
        let sandbox = Sandbox()
        let (hour, minute) = WallClock.utcTime(offsetBy: -600)
        let config = try sandbox.config("[delivery]\nhour = \(hour)\nminute = \(minute)\ncatch_up = \"1h\"\n")
        let report = try NotificationSession(sandbox: sandbox).run("run-twice-beside-notify.sh", environment: ["CONFIG": config])
        let logs = (report.files["run1.log"] ?? "") + (report.files["run2.log"] ?? "")
        #expect(report.files["status"] == "0 0\n", "\(logs)")
        #expect(report.calls.count == 1, "\(report.calls.count) notifications: \(logs) \(report.files["notify.out"] ?? "")")
        let history = try String(contentsOfFile: sandbox.home.url("state/dailyquote/history.jsonl"), encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
        #expect(logs.contains("received signal 15; stopping"))
    }

    @Test("run posts at the planned minute, while asleep in between")
    func runDeliversOnTime() throws {
        let sandbox = Sandbox()
        // The next whole minute at least 5 s away; lead 0 so that the refresh is not in the way.
        let target =
            (Date().timeIntervalSince1970 / 60).rounded(.down) * 60
            + (Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 60) > 55 ? 120 : 60)
        let (hour, minute) = WallClock.utcTime(offsetBy: target - Date().timeIntervalSince1970 + 1)
        let config = try sandbox.config(
            "[delivery]\nhour = \(hour)\nminute = \(minute)\n[refresh]\nlead = \"0\"\n[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n"
        )
        let report = try NotificationSession(sandbox: sandbox).run("run-on-time.sh", environment: ["CONFIG": config])
        #expect(report.files["status"] == "0\n", "\(report.files["run.log"] ?? "")")
        #expect(report.calls.count == 1, "\(report.files["run.log"] ?? "")")
        let seen = try #require(Double(report.files["seen"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        let delay = seen - target
        print("run: notification recorded \(String(format: "%.3f", delay)) s after the planned instant")
        #expect(delay >= 0 && delay < 2, "delay \(delay) s: \(report.files["run.log"] ?? "")")
    }

    @Test("SIGTERM during a fetch ends run within 1 s and leaves the cache byte-identical")
    func runStopsDuringFetch() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox(["type = \"zenquotes\"\nurl = \"\(server.url("trickle"))\""], timeout: "60s")
        // The next delivery's refresh time has passed, so run fetches at once.
        let (hour, minute) = WallClock.utcTime(offsetBy: 600)
        var text = try String(contentsOfFile: config, encoding: .utf8)
        text = "[delivery]\nhour = \(hour)\nminute = \(minute)\n" + text
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        let work = TemporaryDirectory()
        environment["W"] = work.path
        environment["CONFIG"] = config
        _ = try ProcessRunner.run(RepositoryPaths.support("cli/run-stop-during-fetch.sh"), [], environment: environment)
        let status = try String(contentsOfFile: work.url("status"), encoding: .utf8).split(separator: " ")
        let log = (try? String(contentsOfFile: work.url("run.log"), encoding: .utf8)) ?? ""
        #expect(status.first == "0", "\(log)")
        let milliseconds = Int(status.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? .max
        print("run: stopped \(milliseconds) ms after SIGTERM during a fetch")
        #expect(milliseconds < 1000, "\(log)")
        #expect(!log.contains("sleeping until"), "the fetch should still have been running: \(log)")
        #expect(Self.cacheText(sandbox) == Self.seededCache)
    }

    @Test("run reloads a changed config, and keeps the old one when the new one is invalid")
    func runReloadsConfig() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\nhour = 3\n[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n")
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        let work = TemporaryDirectory()
        environment["W"] = work.path
        environment["CONFIG"] = config
        let result = try ProcessRunner.run(RepositoryPaths.support("cli/run-reload-config.sh"), [], environment: environment)
        #expect((try? String(contentsOfFile: work.url("status"), encoding: .utf8)) == "0\n", "\(result.stdout)")
        #expect(result.stdout.contains("delivery.hour: 99 is out of range"))
        #expect(result.stdout.contains("config changed: plan reloaded (every day at 05:30 UTC)"), "\(result.stdout)")
    }
}

/// `run` and `dailyquote` alone past the opt-out (`enabled = false`) and beside a running scheduler.
extension CommandLineTests {
    @Test(
        "Past the opt-out nothing starts: dailyquote alone says so on standard output, run and run --from-autostart in their log, each exit 0 at once, nothing posted"
    )
    func turnedOffStartsNothing() throws {
        let sandbox = Sandbox()
        // No user manager: `dailyquote` alone and the autostart entry's run would start a scheduler.
        sandbox.extraEnvironment = ["XDG_RUNTIME_DIR": "/nonexistent", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        let (hour, minute) = WallClock.utcTime(offsetBy: -600)
        // Due now (ten minutes ago, within catch_up): a scheduler that started would post at once.
        let config = try sandbox.home.write(
            "config/dailyquote/config.toml", "[delivery]\nhour = \(hour)\nminute = \(minute)\ncatch_up = \"1h\"\nenabled = false\n")
        let line = "the quotes are off (`enabled = false` under [delivery] in \(config)), so no scheduler starts; "
        for arguments in [[], ["-v"]] {
            let bare = try ProcessRunner.run(
                "/usr/bin/timeout", ["20", RepositoryPaths.binary] + arguments, environment: sandbox.environment)
            #expect(bare.status == 0, "\(arguments): \(bare.stdout) \(bare.stderr)")
            #expect(bare.stdout.contains(line + "to turn them on again, set `enabled = true` there\n"), "\(bare.stdout)")
            #expect(!bare.stderr.contains("scheduler started"), "\(bare.stderr)")
        }
        for arguments in [["run"], ["run", "--from-autostart"]] {
            let run = try ProcessRunner.run(
                "/usr/bin/timeout", ["20", RepositoryPaths.binary] + arguments, environment: sandbox.environment)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty && run.stderr.contains(line), "\(arguments): \(run.stderr)")
        }
        let dryRun = try sandbox.run(["--dry-run"])
        #expect(dryRun.status == 0 && dryRun.stdout.hasPrefix(line), "\(dryRun.stdout)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url("state/dailyquote/history.jsonl")))
    }

    @Test(
        "dailyquote alone beside a running scheduler starts no second one; a running scheduler stops by itself when the config turns the quotes off"
    )
    func runStopsAtTheOptOut() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = ["XDG_RUNTIME_DIR": "/nonexistent", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        let config = try sandbox.config("[delivery]\nhour = 3\n[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n")
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        let work = TemporaryDirectory()
        environment["W"] = work.path
        environment["CONFIG"] = config
        _ = try ProcessRunner.run(RepositoryPaths.support("cli/run-turned-off.sh"), [], environment: environment)
        let file = { (name: String) in (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        #expect(file("bare.rc") == "0\n", "\(file("bare.out")) \(file("bare.err"))")
        #expect(
            file("bare.out")
                == "a `dailyquote run` scheduler is already running here, so no second one starts; `dailyquote status` shows the plan\n",
            "\(file("bare.out"))")
        #expect(file("status") == "0\n", "\(file("run.log"))")
        #expect(
            file("run.log").contains("the quotes are off (`enabled = false` under [delivery] in \(config)); stopping"), "\(file("run.log"))"
        )
    }
}

extension CommandLineTests {
    /// `run` fetches on a thread of its own, which ends with the fetch: it never replaces its
    /// image (as it did to shed Swift's concurrency pool, 1.0.0 to issue 44), so its PID, its
    /// image and its thread count are the same after a fetch and a config edit as before.
    @Test("run keeps one process across a fetch and a config edit: one PID, one image, no thread left behind")
    func runKeepsOneProcess() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox(["type = \"zenquotes\"\nurl = \"\(server.url("zen"))\""], timeout: "10s")
        // A delivery about ten minutes ahead, its fetch 3 s after the start (the lead in seconds):
        // run first sleeps until the fetch.
        let now = Date().timeIntervalSince1970
        let target = (now / 60).rounded(.down) * 60 + 600
        let (hour, minute) = WallClock.utcTime(offsetBy: target - now + 1)
        var text = try String(contentsOfFile: config, encoding: .utf8)
        text =
            "[delivery]\nhour = \(hour)\nminute = \(minute)\n"
            + text.replacingOccurrences(of: "[refresh]\n", with: "[refresh]\nlead = \"\(Int(target - now) - 3)s\"\n")
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        let work = TemporaryDirectory()
        environment["W"] = work.path
        environment["CONFIG"] = config
        _ = try ProcessRunner.run(RepositoryPaths.support("cli/run-one-process.sh"), [], environment: environment)
        func file(_ name: String) -> String { (try? String(contentsOfFile: work.url(name), encoding: .utf8)) ?? "" }
        let log = file("run.log")
        #expect(file("status") == "0\n", "\(log)")
        #expect(log.contains("refresh: fetched \"Very little is needed to make a happy life.\""), "no fetch: \(log)")
        #expect(log.contains("config changed: plan reloaded"), "no reload: \(log)")
        let before = file("image-before-fetch")
        #expect(before.split(separator: "\n").count == 2, "run's process not seen: \(before) \(log)")
        #expect(file("image-after-fetch") == before, "run's process changed with the fetch: \(log)")
        #expect(file("image-after-edit") == before, "run's process changed with the config edit: \(log)")
        #expect(file("threads-after-fetch") == file("threads-before-fetch"), "the fetch left a thread behind")
    }
}
