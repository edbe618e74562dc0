import Foundation
import TestSupport
import Testing

/// The commands that read or clear the cache and the state; no notification server needed.
extension CommandLineTests {
    static func seedHistory(_ sandbox: Sandbox) throws {
        let line =
            #"{"author":"Seneca","plannedAt":1780293600,"planned":"2026-06-01T08:00:00+02:00","plannedDay":"2026-06-01","posted":"2026-06-01T08:00:01+02:00","postedAt":1780293601,"reason":"fallback: no cached quote","server":"dunst","source":"bundled","text":"While we are postponing, life speeds by."}"#
        try sandbox.home.write("state/dailyquote/history.jsonl", line + "\n")
        try sandbox.home.write(
            "state/dailyquote/state.json", #"{"lastPlannedAt":1780293600,"lastPlannedDay":"2026-06-01","lastPostedAt":1780293601}"#)
    }

    @Test("show prints the fresh cached quote like fortune, else a bundled one")
    func show() throws {
        let sandbox = Sandbox()
        let bundled = try sandbox.run(["show"])
        #expect(bundled.status == 0)
        #expect(bundled.stdout.split(separator: "\n").last?.hasPrefix("— ") == true, "\(bundled.stdout)")
        try sandbox.home.write(
            "cache/dailyquote/quote.json",
            #"{"text":"A cached thought.","author":"Cache Author","source":"zenquotes","fetchedAt":\#(Int(Date().timeIntervalSince1970))}"#)
        #expect(try sandbox.run(["show"]).stdout == "A cached thought.\n— Cache Author\n")
        #expect(sandbox.home.contents().allSatisfy { !$0.hasPrefix("state") })
    }

    @Test("history lists deliveries as text and JSON")
    func history() throws {
        let sandbox = Sandbox()
        try Self.seedHistory(sandbox)
        sandbox.extraEnvironment["TZ"] = "Europe/Berlin"
        let text = try sandbox.run(["history"])
        #expect(
            text.stdout
                == "Mon 2026-06-01 08:00 CEST  \"While we are postponing, life speeds by.\" — Seneca  [bundled; fallback: no cached quote]\n",
            "\(text.stderr)")
        let json = try sandbox.run(["history", "--json", "--limit", "5"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.first?["server"] as? String == "dunst")
    }

    @Test("notify --dry-run and --json at a due instant write nothing and post nothing")
    func notifyDryRun() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.berlin0800)
        let result = try ProcessRunner.run(
            "/usr/bin/env",
            ["faketime", "-f", "@2026-06-01 06:00:05", RepositoryPaths.binary, "notify", "--dry-run", "--json", "--config", config],
            environment: sandbox.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(outcome["result"] as? String == "would-post")
        #expect(outcome["planned"] as? String == "2026-06-01T08:00:00+02:00")
        #expect(sandbox.home.contents() == ["etc", "etc/test.toml"])
    }

    @Test("clear deletes only with --yes when stdin is not a terminal, and says what it deletes")
    func clear() throws {
        let sandbox = Sandbox()
        try Self.seedHistory(sandbox)
        try sandbox.home.write("cache/dailyquote/quote.json", "{}")
        let refused = try sandbox.run(["clear"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("will delete: \(sandbox.home.url("cache/dailyquote")), \(sandbox.home.url("state/dailyquote"))"))
        #expect(refused.stderr.contains("refusing to delete without --yes"))
        #expect(FileManager.default.fileExists(atPath: sandbox.home.url("state/dailyquote/history.jsonl")))
        let cacheOnly = try sandbox.run(["clear", "--cache", "--yes"])
        #expect(cacheOnly.status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url("cache/dailyquote")))
        #expect(FileManager.default.fileExists(atPath: sandbox.home.url("state/dailyquote")))
        #expect(try sandbox.run(["clear", "--state", "--yes"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.url("state/dailyquote")))
        #expect(try sandbox.run(["clear", "--yes"]).stdout == "nothing to delete\n")
    }
}
