import Foundation
import TestSupport
import Testing

/// The ledger under real processes: the on-time grace, corrupt and future records, previews.
extension CommandLineTests {
    @Test("catch_up = \"0\": notify five seconds late still posts; 61 s late it does not")
    func onTimeGrace() throws {
        for (late, posts) in [("06:00:05", true), ("06:01:01", false)] {
            let sandbox = Sandbox()
            let config = try sandbox.config("[delivery]\nhour = 8\ntime_zone = \"Europe/Berlin\"\ncatch_up = \"0\"\n")
            let report = try NotificationSession(sandbox: sandbox).run(
                "notify-steps.sh", ["2026-06-01 \(late)", "n"], environment: ["CONFIG": config])
            #expect(report.files["n.rc"] == "0\n", "\(report.files["n.err"] ?? "")")
            #expect(report.calls.count == (posts ? 1 : 0), "\(late): \(report.files["n.out"] ?? "")")
        }
    }

    @Test("A corrupt state.json never blocks a delivery: moved aside, rebuilt from the history, one warning")
    func corruptStateDelivers() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.berlin0800)
        try sandbox.home.write("state/dailyquote/state.json", "{\"lastPlannedAt\": \"garbage")
        let report = try NotificationSession(sandbox: sandbox).run(
            "notify-steps.sh", ["now", "now", "2026-06-01 06:00:05", "due", "2026-06-01 06:10:00", "again"], environment: ["CONFIG": config]
        )
        #expect(report.files["now.rc"] == "0\n", "\(report.files["now.err"] ?? "")")
        #expect(report.files["due.rc"] == "0\n", "\(report.files["due.err"] ?? "")")
        #expect(report.files["due.out"]?.hasPrefix("posted ") == true)
        #expect(report.files["again.out"]?.hasPrefix("nothing due") == true, "\(report.files["again.out"] ?? "")")
        #expect(report.calls.count == 2)
        let warnings =
            ((report.files["now.err"] ?? "") + (report.files["due.err"] ?? "") + (report.files["again.err"] ?? ""))
            .components(separatedBy: "moved aside to state.json.corrupt").count - 1
        #expect(warnings == 1, "\(report.files["due.err"] ?? "")")
        #expect(FileManager.default.fileExists(atPath: sandbox.home.url("state/dailyquote/state.json.corrupt")))
    }

    @Test("A delivery recorded a year ahead (the clock was wrong) does not suppress today's; status and doctor flag it")
    func futureRecordIgnored() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.berlin0800)
        let future = Int(Date().timeIntervalSince1970) + 365 * 86_400
        try sandbox.home.write(
            "state/dailyquote/state.json", "{\"lastPlannedAt\": \(future), \"lastPlannedDay\": \"2099-01-01\", \"lastPostedAt\": \(future)}"
        )
        let status = try sandbox.run(["status", "--config", config])
        #expect(status.stdout.contains("clock:"), "\(status.stdout)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try sandbox.run(["status", "--json", "--config", config]).stdout.utf8))
                as? [String: Any])
        #expect((json["futureRecords"] as? [String])?.isEmpty == false)
        let doctor = try sandbox.run(["doctor", "--offline", "--config", config])
        #expect(doctor.stdout.contains("FAIL clock: the ledger records"), "\(doctor.stdout)")
        let report = try NotificationSession(sandbox: sandbox).run(
            "notify-steps.sh", ["2026-06-01 06:00:05", "due"], environment: ["CONFIG": config])
        #expect(report.files["due.out"]?.hasPrefix("posted ") == true, "\(report.files["due.out"] ?? "") \(report.files["due.err"] ?? "")")
    }

    @Test("notify --now is a preview: refresh of the same quote afterwards is `unchanged`, exit 0; history --json marks it")
    func previewDoesNotCountAsRepeat() throws {
        let server = try QuoteServer()
        let sandbox = Sandbox()
        let config = try sandbox.config("[[source]]\ntype = \"zenquotes\"\nurl = \"\(server.url("zen"))\"\n")
        let first = try sandbox.run(["refresh", "--config", config])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try NotificationSession(sandbox: sandbox).run("preview-then-refresh.sh", environment: ["CONFIG": config])
        #expect(report.calls.count == 1, "\(report.files["now.err"] ?? "")")
        #expect(report.files["refresh.rc"] == "0\n", "\(report.files["refresh.err"] ?? "")")
        #expect(report.files["refresh.out"]?.hasPrefix("unchanged ") == true, "\(report.files["refresh.out"] ?? "")")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data((report.files["dq-history.json"] ?? "").utf8)) as? [[String: Any]])
        #expect(entries.first?["now"] as? Bool == true)
    }

    @Test("status keeps a multi-line quote's layout, and creates no file or directory, even without a runtime dir or bus")
    func statusLayoutAndNoWrites() throws {
        let sandbox = Sandbox()
        let cached = #"{"text":"First line,\nsecond line.","author":"A","source":"test","fetchedAt":\#(Int(Date().timeIntervalSince1970))}"#
        try sandbox.home.write("cache/dailyquote/quote.json", cached)
        _ = try sandbox.run(["install", "--no-enable"])
        let before = sandbox.home.contents()
        var environment = sandbox.environment
        environment.removeValue(forKey: "XDG_RUNTIME_DIR")
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        let status = try ProcessRunner.run(RepositoryPaths.binary, ["status"], environment: environment)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("cached quote:   \"First line,\n                second line.\" — A\n"), "\(status.stdout)")
        #expect(sandbox.home.contents() == before, "status wrote: \(Set(sandbox.home.contents()).subtracting(before))")
    }

    @Test("status and doctor report a zone the shell had at install but the session has not")
    func zoneMismatch() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment["TZ"] = "Asia/Tokyo"
        #expect(try sandbox.run(["install", "--no-enable"]).status == 0)
        sandbox.extraEnvironment["TZ"] = "Europe/Berlin"
        let status = try sandbox.run(["status"])
        #expect(
            status.stdout.contains("time zones:     the installed timers plan in Asia/Tokyo, this session in Europe/Berlin"),
            "\(status.stdout)")
        let doctor = try sandbox.run(["doctor", "--offline"])
        #expect(doctor.stdout.contains("FAIL time zone: the installed timers plan in Asia/Tokyo"), "\(doctor.stdout)")
        sandbox.extraEnvironment["TZ"] = "Asia/Tokyo"
        #expect(!(try sandbox.run(["status"]).stdout.contains("time zones:")))
    }

    @Test("A preview before the first delivery does not make the fetched quote look stale (no state file yet)")
    func previewBeforeFirstDelivery() throws {
        let sandbox = Sandbox()
        let (hour, minute) = WallClock.utcTime(offsetBy: -60)
        let config = try sandbox.config("[delivery]\nhour = \(hour)\nminute = \(minute)\ncatch_up = \"1h\"\n")
        let cached = #"{"text":"Fetched this morning.","author":"A","source":"test","fetchedAt":\#(Int(Date().timeIntervalSince1970) - 5)}"#
        try sandbox.home.write("cache/dailyquote/quote.json", cached)
        let report = try NotificationSession(sandbox: sandbox).run("preview-then-due.sh", environment: ["CONFIG": config])
        #expect(report.files["now.out"]?.contains("(test, cache)") == true, "\(report.files["now.out"] ?? "")")
        #expect(report.files["due.out"]?.contains("(test, cache)") == true, "\(report.files["due.out"] ?? "")")
    }

    @Test("--json: a quote without an author has no author key (notify, history, refresh, status); empty lists print []")
    func jsonWithoutAuthor() throws {
        let sandbox = Sandbox()
        #expect(try sandbox.run(["history", "--json"]).stdout == "[]\n")
        #expect(try sandbox.run(["favorites", "--json"]).stdout == "[]\n")
        let now = Int(Date().timeIntervalSince1970)
        try sandbox.home.write(
            "cache/dailyquote/quote.json", #"{"author":"","fetchedAt":\#(now),"source":"file","text":"Nobody said this."}"#)
        // A line as written before: "author": "".
        try sandbox.home.write(
            "state/dailyquote/history.jsonl",
            #"{"author":"","posted":"1970-01-01T00:00:05+00:00","postedAt":5,"reason":"cache","server":"dunst","source":"file","text":"Nobody said this either."}"#
                + "\n")
        let notify = try sandbox.run(["notify", "--now", "--dry-run", "--json"])
        #expect(notify.status == 0, "\(notify.stderr)")
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(notify.stdout.utf8)) as? [String: Any])
        let quote = try #require(outcome["quote"] as? [String: Any], "\(notify.stdout)")
        #expect(quote["text"] as? String == "Nobody said this.")
        #expect(quote["author"] == nil, "\(notify.stdout)")
        let history = try sandbox.run(["history", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1 && entries[0]["author"] == nil, "\(history.stdout)")
        let status = try sandbox.run(["status", "--json"])
        #expect(!status.stdout.contains(#""author" : """#), "\(status.stdout)")
    }
}
