import Foundation
import TestSupport
import Testing

/// Several slots a day: `delivery.times`.
extension CommandLineTests {
    static let berlinSlots = """
        [delivery]
        times = ["02:30", "03:00", "Mon..Fri 08:00", "Sat,Sun 10:30", "20:00"]
        time_zone = "Europe/Berlin"
        catch_up = "3h"

        """

    @Test("schedule --json with times: a slot field naming each entry as written; 02:30 and 03:00 collapse on the spring-forward day")
    func scheduleSlotsJSON() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.berlinSlots)
        let result = try sandbox.run(["schedule", "--config", config, "--from", "2026-03-27T12:00:00+01:00", "--count", "9", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let deliveries = try #require(object["deliveries"] as? [[String: Any]])
        let rows = deliveries.map { "\($0["at"] as? String ?? "?") \($0["slot"] as? String ?? "?")" }
        #expect(
            rows == [
                "2026-03-27T20:00:00+01:00 20:00",  // Friday
                "2026-03-28T02:30:00+01:00 02:30", "2026-03-28T03:00:00+01:00 03:00", "2026-03-28T10:30:00+01:00 Sat,Sun 10:30",
                "2026-03-28T20:00:00+01:00 20:00",
                "2026-03-29T03:00:00+02:00 02:30",  // 02:30 does not exist; 03:00 is the same instant: one delivery
                "2026-03-29T10:30:00+02:00 Sat,Sun 10:30", "2026-03-29T20:00:00+02:00 20:00",
                "2026-03-30T02:30:00+02:00 02:30",
            ], "\(result.stdout)")
        #expect(deliveries[5]["dstAdjusted"] as? Bool == true)
        #expect(deliveries[5]["mergedSlots"] as? [String] == ["03:00"])
        // The refresh of 03:00 is halfway after 02:30, not 45 minutes before it.
        #expect(deliveries[2]["refreshAt"] as? String == "2026-03-28T02:45:00+01:00")
        // The text form names the slots too.
        let text = try sandbox.run(["schedule", "--config", config, "--from", "2026-03-29T00:00:00+01:00", "--count", "2"])
        #expect(text.stdout.contains("[02:30]"), "\(text.stdout)")
        #expect(text.stdout.contains("also [03:00]"), "\(text.stdout)")
        #expect(text.stdout.contains("[Sat,Sun 10:30]"), "\(text.stdout)")
    }

    @Test(
        "times with hour or minute, and a bad entry, exit 78 with the file, line and both keys or the entry",
        arguments: [
            ("[delivery]\nhour = 8\ntimes = [\"09:00\"]\n", ["delivery.times", "delivery.hour", ":3:"]),
            ("[delivery]\ntimes = [\"09:00\"]\nminute = 5\n", ["delivery.times", "delivery.minute", ":2:"]),
            ("[delivery]\ntimes = [\"Fri..Mon 09:00\"]\n", ["delivery.times", "\"Fri..Mon 09:00\"", ":2:"]),
            ("[delivery]\ntimes = [\"09:00\", \"24:00\"]\n", ["delivery.times", "\"24:00\"", ":2:"]),
        ])
    func slotConfigErrors(text: String, needles: [String]) throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(text)
        for command in [["config", "check"], ["schedule"], ["notify"]] {
            let result = try sandbox.run(command + ["--config", config])
            #expect(result.status == 78, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(config), "\(result.stderr)")
            for needle in needles { #expect(result.stderr.contains(needle), "\(command): \(needle) not in \(result.stderr)") }
            #expect(result.stderr.components(separatedBy: "delivery.times").count == 2, "the key is named twice: \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test("notify with two slots: both are posted on one day, each once; after a missed pair only one is posted")
    func notifyTwoSlots() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(
            "[delivery]\ntimes = [\"08:00\", \"20:00\"]\ntime_zone = \"Europe/Berlin\"\ncatch_up = \"13h\"\n")
        let steps: [(String, String)] = [
            ("2026-06-01 06:00:05", "morning"),  // 08:00:05 CEST
            ("2026-06-01 06:30:00", "morningAgain"),
            ("2026-06-01 18:00:02", "evening"),  // 20:00:02 CEST
            ("2026-06-01 19:00:00", "eveningAgain"),
            // Asleep through the 2nd's 08:00 and 20:00; woken on the 3rd at 07:00 CEST: one post, for 20:00.
            ("2026-06-03 05:00:00", "afterPair"),
            ("2026-06-03 05:01:00", "afterPairAgain"),
        ]
        let report = try NotificationSession(sandbox: sandbox).run(
            "notify-steps.sh", steps.flatMap { [$0.0, $0.1] }, environment: ["CONFIG": config])
        for (_, name) in steps { #expect(report.files["\(name).rc"] == "0\n", "\(name): \(report.files["\(name).err"] ?? "")") }
        #expect(report.files["morning.out"]?.contains("for Mon 2026-06-01 08:00 CEST") == true, "\(report.files["morning.out"] ?? "")")
        #expect(report.files["morningAgain.out"]?.hasPrefix("nothing due; next delivery Mon 2026-06-01 20:00 CEST") == true)
        #expect(report.files["evening.out"]?.contains("for Mon 2026-06-01 20:00 CEST") == true, "\(report.files["evening.out"] ?? "")")
        #expect(report.files["eveningAgain.out"]?.hasPrefix("nothing due") == true)
        #expect(report.files["afterPair.out"]?.contains("for Tue 2026-06-02 20:00 CEST") == true, "\(report.files["afterPair.out"] ?? "")")
        #expect(report.files["afterPairAgain.out"]?.hasPrefix("nothing due; next delivery Wed 2026-06-03 08:00 CEST") == true)
        #expect(report.calls.count == 3, "\(report.calls.map(\.body))")
        let history = try String(contentsOfFile: sandbox.home.url("state/dailyquote/history.jsonl"), encoding: .utf8)
        let slots = history.split(separator: "\n").compactMap { $0.firstMatch(of: /"slot":"([^"]*)"/)?.1 }.map(String.init)
        #expect(slots == ["08:00", "20:00", "20:00"])
        // history shows every line, and status names the next slot.
        let shown = try sandbox.run(["history", "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.components(separatedBy: "\"slot\"").count == 4, "\(shown.stdout)")
    }

    @Test("notify after an upgrade: a day recorded in the old format is not posted again; the new second slot is")
    func notifyAfterOldLedger() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(
            "[delivery]\ntimes = [\"07:00\", \"20:00\"]\ntime_zone = \"Europe/Berlin\"\ncatch_up = \"13h\"\n")
        // As the code before slots wrote them: the 08:00 delivery of 2026-06-01.
        try sandbox.home.write(
            "state/dailyquote/state.json", #"{"lastPlannedAt":1780293600,"lastPlannedDay":"2026-06-01","lastPostedAt":1780293601}"#)
        try sandbox.home.write(
            "state/dailyquote/history.jsonl",
            #"{"author":"Seneca","planned":"2026-06-01T08:00:00+02:00","plannedAt":1780293600,"plannedDay":"2026-06-01","posted":"2026-06-01T08:00:01+02:00","postedAt":1780293601,"reason":"cache","server":"dunst","source":"zenquotes","text":"Luck is what happens when preparation meets opportunity."}"#
                + "\n")
        let steps: [(String, String)] = [("2026-06-01 06:30:00", "morning"), ("2026-06-01 18:00:02", "evening")]
        let report = try NotificationSession(sandbox: sandbox).run(
            "notify-steps.sh", steps.flatMap { [$0.0, $0.1] }, environment: ["CONFIG": config])
        #expect(report.files["morning.out"]?.hasPrefix("nothing due") == true, "\(report.files["morning.out"] ?? "")")
        #expect(report.files["evening.out"]?.contains("for Mon 2026-06-01 20:00 CEST") == true, "\(report.files["evening.out"] ?? "")")
        #expect(report.calls.count == 1)
        let history = try sandbox.run(["history"])
        #expect(history.stdout.contains("Luck is what happens"), "\(history.stdout)")
    }

    @Test("status, run --dry-run and install show the slots; the units pass systemd-analyze verify")
    func slotsShown() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(Self.berlinSlots)
        let status = try sandbox.run(["status", "--json", "--config", config])
        #expect(status.status == 0, "\(status.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let next = try #require(object["nextDelivery"] as? [String: Any])
        #expect(["02:30", "03:00", "Mon..Fri 08:00", "Sat,Sun 10:30", "20:00"].contains(next["slot"] as? String ?? "?"), "\(next)")
        #expect((object["rule"] as? String)?.contains("Sat, Sun at 10:30") == true, "\(object["rule"] ?? "")")
        let text = try sandbox.run(["status", "--config", config])
        #expect(text.stdout.contains("next delivery:"), "\(text.stdout)")
        let dryRun = try sandbox.run(["run", "--dry-run", "--config", config])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("for slot ["), "\(dryRun.stdout)")
        let install = try sandbox.run(["install", "--no-enable", "--config", config])
        #expect(install.status == 0, "\(install.stderr)")
        let units = try Self.unitsText(sandbox, config: config)
        let expected = try GoldenFile.expectedUnits("units-berlin-slots.txt", actual: units)
        #expect(units == expected, "\(GoldenFile.firstDifference(units, expected))")
        #expect(try Self.verifyUnits(sandbox) == nil)
    }

    @Test("run wakes for every slot: two slots a minute apart are both posted, each at its minute")
    func runTwoSlots() throws {
        let sandbox = Sandbox()
        // The next whole minute at least 5 s away, and the minute after it.
        let now = Date().timeIntervalSince1970
        let target = (now / 60).rounded(.down) * 60 + (now.truncatingRemainder(dividingBy: 60) > 55 ? 120 : 60)
        let first = WallClock.utcTime(offsetBy: target - now + 1)
        let second = WallClock.utcTime(offsetBy: target + 60 - now + 1)
        let entries = [first, second].map { "\"\(pad($0.hour)):\(pad($0.minute))\"" }.joined(separator: ", ")
        let config = try sandbox.config(
            "[delivery]\ntimes = [\(entries)]\n[refresh]\nlead = \"0\"\n[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n")
        let report = try NotificationSession(sandbox: sandbox).run("run-two-slots.sh", environment: ["CONFIG": config])
        #expect(report.files["status"] == "0\n", "\(report.files["run.log"] ?? "")")
        #expect(report.calls.count == 2, "\(report.files["run.log"] ?? "")")
        let seen = try #require(Double(report.files["seen"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(seen - (target + 60) >= 0 && seen - (target + 60) < 5, "\(report.files["run.log"] ?? "")")
        let history = try String(contentsOfFile: sandbox.home.url("state/dailyquote/history.jsonl"), encoding: .utf8)
        let posted = history.split(separator: "\n").compactMap { $0.firstMatch(of: /"postedAt":(\d+)/).flatMap { Double($0.1) } }
        #expect(posted.count == 2)
        #expect(posted.first.map { $0 >= target && $0 < target + 5 } == true, "\(posted) vs \(target)")
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    @Test("The slot is shown: by the text history, and by schedule for a plan of one times entry")
    func slotShownForOneEntry() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[delivery]\ntimes = [\"Mon..Fri 08:00\"]\n")
        let schedule = try sandbox.run(["schedule", "--config", config, "--from", "2026-06-01T00:00:00Z", "--count", "2"])
        #expect(schedule.status == 0, "\(schedule.stderr)")
        let lines = schedule.stdout.split(separator: "\n").dropFirst()
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("[Mon..Fri 08:00]") }, "\(schedule.stdout)")
        // hour/minute: the header's rule says it all, as before.
        let plain = try sandbox.run(["schedule", "--from", "2026-06-01T00:00:00Z", "--count", "1"])
        #expect(!plain.stdout.contains("[08:00]"), "\(plain.stdout)")
        try sandbox.home.write(
            "state/dailyquote/history.jsonl",
            #"{"author":"A","planned":"2026-06-01T08:00:00+00:00","plannedAt":1780300800,"plannedDay":"2026-06-01","posted":"2026-06-01T08:00:01+00:00","postedAt":1780300801,"reason":"cache","server":"dunst","slot":"Mon..Fri 08:00","slotOfDay":1,"source":"file","text":"Q."}"#
                + "\n")
        let history = try sandbox.run(["history"])
        #expect(history.stdout.contains("[Mon..Fri 08:00]"), "\(history.stdout)")
    }
}
