import Foundation
import TestSupport
import Testing

@Suite("dailyquote end to end")
struct CommandLineTests {
    static let berlin0230 = "[delivery]\nhour = 2\nminute = 30\ntime_zone = \"Europe/Berlin\"\n"

    // MARK: Help

    @Test(
        "--help output matches its golden file",
        arguments: [
            (["--help"], "help-dailyquote.txt"), (["schedule", "--help"], "help-schedule.txt"),
            (["config", "--help"], "help-config.txt"), (["run", "--help"], "help-run.txt"),
            (["notify", "--help"], "help-notify.txt"), (["refresh", "--help"], "help-refresh.txt"),
            (["install", "--help"], "help-install.txt"), (["uninstall", "--help"], "help-uninstall.txt"),
            (["status", "--help"], "help-status.txt"), (["doctor", "--help"], "help-doctor.txt"),
        ])
    func help(arguments: [String], golden: String) throws {
        let result = try Sandbox().run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout == (try GoldenFile.expected(golden, actual: result.stdout)))
    }

    // MARK: Schedule

    @Test(
        "schedule text and JSON match golden files on the Berlin DST days",
        arguments: [
            ("2026-03-28 12:00", "schedule-berlin-spring"), ("2026-10-24 12:00", "schedule-berlin-fall"),
        ])
    func scheduleGolden(from: String, golden: String) throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.berlin0230)
        for (flags, ext) in [([String](), "txt"), (["--json"], "json")] {
            let result = try sandbox.run(["schedule", "--config", config, "--from", from, "--count", "4"] + flags)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdout == (try GoldenFile.expected("\(golden).\(ext)", actual: result.stdout)))
        }
    }

    @Test("schedule with weekdays in another zone matches its golden file")
    func scheduleWeekdays() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(
            "[delivery]\nhour = 7\nminute = 15\nweekdays = [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]\ntime_zone = \"America/New_York\"\n[refresh]\nlead = \"1h30m\"\n"
        )
        let result = try sandbox.run(["schedule", "--config", config, "--from", "2026-10-30T12:00:00Z", "--count", "7"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try GoldenFile.expected("schedule-new-york-weekdays.txt", actual: result.stdout)))
    }

    @Test("The JSON example of the issue: 02:30 on the Berlin spring-forward day")
    func scheduleJSONFields() throws {
        let sandbox = Sandbox()
        let result = try sandbox.run([
            "schedule", "--config", try sandbox.config(Self.berlin0230), "--from", "2026-03-29T00:00:00+01:00", "--count", "1", "--json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["timeZone"] as? String == "Europe/Berlin")
        let first = try #require((object["deliveries"] as? [[String: Any]])?.first)
        #expect(first["at"] as? String == "2026-03-29T03:00:00+02:00")
        #expect(first["utc"] as? String == "2026-03-29T01:00:00Z")
        #expect(first["dstAdjusted"] as? Bool == true)
        #expect(first["refreshAt"] as? String == "2026-03-29T01:15:00+01:00")
    }

    @Test(
        "schedule --count 400 --json agrees with the zoneinfo oracle from awkward starts",
        arguments: [
            ("Europe/Berlin", 2, 30, "2026-10-25T00:45:00Z"),  // between the two 02:30s
            ("Europe/Berlin", 2, 30, "2026-03-29T00:59:59Z"),
            ("Australia/Lord_Howe", 2, 15, "2026-04-04T14:50:00Z"),
            ("America/Havana", 0, 0, "2026-03-07T12:00:00Z"),
            ("America/Santiago", 0, 0, "2026-04-04T12:00:00Z"),
            ("Asia/Kathmandu", 8, 0, "2026-05-05T05:05:05Z"),
            ("America/St_Johns", 2, 30, "2027-11-07T04:00:00Z"),
            ("Pacific/Chatham", 3, 0, "2027-04-03T13:00:00Z"),
        ])
    func scheduleMatchesOracle(zone: String, hour: Int, minute: Int, from: String) throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\nhour = \(hour)\nminute = \(minute)\ntime_zone = \"\(zone)\"\n")
        let result = try sandbox.run(["schedule", "--config", config, "--from", from, "--count", "400", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        #expect(report.deliveries.count == 400)
        let iso = ISO8601DateFormatter()
        let pairs = try report.deliveries.map { d -> String in
            let instant = Int64(try #require(iso.date(from: d.utc)).timeIntervalSince1970)
            return "[\(instant),\(d.dstAdjusted ? 1 : 0)]"
        }
        let start = Int64(try #require(iso.date(from: from)).timeIntervalSince1970)
        let line =
            #"{"zone":"\#(zone)","hour":\#(hour),"minute":\#(minute),"weekdays":[1,2,3,4,5,6,7],"start":\#(start),"count":400,"deliveries":[\#(pairs.joined(separator: ","))]}"#
        let oracle = try ProcessRunner.run(
            "/usr/bin/env", ["python3", RepositoryPaths.support("planner_oracle.py")], environment: RepositoryPaths.environment(),
            stdin: line + "\n")
        #expect(oracle.status == 0, "\(oracle.stdout)\(oracle.stderr)")
    }

    struct Report: Decodable {
        struct Delivery: Decodable {
            var at: String
            var utc: String
            var dstAdjusted: Bool
            var refreshAt: String
        }
        var timeZone: String
        var deliveries: [Delivery]
    }

    @Test(
        "Bad flags are usage errors (exit 64), not crashes",
        arguments: [
            ["schedule", "--count", "0"], ["schedule", "--count", "1001"], ["schedule", "--from", "yesterday"],
            ["schedule", "--no-such-flag"],
        ])
    func badFlags(arguments: [String]) throws {
        let result = try Sandbox().run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }
}
