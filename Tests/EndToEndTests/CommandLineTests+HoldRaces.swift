import Foundation
import TestSupport
import Testing

/// The holder's races (issue 21), each against python3-dbusmock's notification server, whose
/// `Notify` the test can slow down or make fail (`mock_notify CODE` in `cli/scenario.sh` replaces its body).
///
/// Each of these failed on the holder before the post came first (`DAILYQUOTE_BIN` pointed at
/// that build): see the closing note of issue 21.
extension CommandLineTests {
    /// A hold request as `notify` sends it, holding for ten minutes.
    static func holdRequest(body: String = "3 < 5 && 7 > 2") -> String {
        let until = Int(Date().timeIntervalSince1970) + 600
        return #"{"notification":{"appName":"dailyquote","summary":"Quote of the Day","body":"\#(body)","icon":"dailyquote","#
            + #""urgency":"normal","expireMilliseconds":-1,"desktopEntry":"dailyquote"},"until":\#(until)}"#
    }

    @Test("Race 1: a SIGTERM while the holder's Notify call is under way closes the notification once it is shown, and nothing is held")
    func stopDuringPost() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body persistence", harness: "race-stop-during-post.sh", environment: ["REQUEST": Self.holdRequest()])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("notify-count") == "1\n", "the holder never posted: \(file("hold.err"))")
        #expect(file("close-count") == "1\n", "the notification posted during the SIGTERM was left open: \(file("hold.err"))")
        #expect(file("status") == "0\n", "\(file("status")) \(file("hold.err"))")
        // Stopped before it held the quote: it says so, and marks nothing.
        #expect(file("reply").contains("the holder was stopped") && !file("reply").contains(#""holding":true"#), "\(file("reply"))")
        #expect(file("marked").isEmpty, "a stopped holder marked a hold")
    }

    @Test("Race 2: a previous holder that does not end (stopped) is killed, and the new holder always has its marker")
    func stuckPreviousHolder() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body body-markup persistence", harness: "race-stuck-previous.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc2") == "0\n", "\(file("err2"))")
        let pids = file("pids").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(
            pids.count == 2 && !pids[0].isEmpty && pids[0] != pids[1], "status names the stuck holder, not the new one: \(file("pids"))")
        #expect(file("second-alive") == "alive\n", "the new holder does not hold: \(file("err2"))")
        #expect(file("first-alive").isEmpty, "the stuck holder was left running")
        #expect(file("in-place") == "0\n", "the killed holder's quote was replaced in place")
        #expect(file("closed-first") == "1\n", "the killed holder's quote was left open")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(entries.map { $0["closedReason"] as? String } == ["replaced", nil], "\(file("history.json"))")
    }

    @Test("Race 3: a failed post leaves the last quote shown and held")
    func failedPostKeepsTheLastQuote() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body body-markup persistence", harness: "race-failed-post.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("rc2") == "69\n", "the second post did not fail: \(file("out2")) \(file("err2"))")
        let pids = file("pids").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pids.count == 2 && !pids[0].isEmpty && pids[0] == pids[1], "the first holder is no longer the holder: \(file("pids"))")
        #expect(file("first-alive") == "alive\n", "the failed post ended the first holder")
        #expect(file("close-count") == "0\n", "the failed post closed the last quote")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        #expect(entries.count == 1 && entries.first?["closedReason"] == nil, "\(file("history.json"))")
    }

    @Test("Race 6: a holder stopped at birth leaves nothing posted without a live holder, and notify says so: the delivery stays due")
    func stopAtBirth() throws {
        let sandbox = Sandbox()
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions persistence", harness: "race-stop-at-birth.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!file("stopped").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "no holder appeared: \(file("now.err"))")
        #expect(file("stopped-alive").isEmpty, "the stopped holder did not end")
        let open = file("notify-count") != "0\n" && file("close-count") == "0\n"
        let held = file("holder-alive") == "alive\n"
        #expect(!open || held, "a notification is left open without a live holder: its buttons are dead")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        if file("now.rc") == "0\n" {
            // Only where a holder (another one, started when the first ended at once) holds it.
            #expect(open && held && entries.count == 1, "notify said posted, but nothing is shown: \(file("now.out"))")
        } else {
            #expect(file("now.rc") == "69\n", "\(file("now.err"))")
            #expect(!open && entries.isEmpty, "the delivery did not stay due: \(file("history.json"))")
            #expect(file("now.err").contains("the holder was stopped"), "\(file("now.err"))")
        }
    }

    @Test("Race 5: the holder's Another quotes follow the [quotes] filters")
    func anotherFollowsFilters() throws {
        let sandbox = Sandbox()
        try sandbox.home.write(
            "config/dailyquote/config.toml",
            "[quotes]\nmax_length = 40\nexclude_authors = [\"Seneca\"]\n[notification]\nactions = [\"another\"]\n")
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions", harness: "race-another-filters.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(file("now.rc") == "0\n", "\(file("now.err"))")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(file("history.json").utf8)) as? [[String: Any]])
        let another = entries.filter { $0["another"] as? Bool == true }
        #expect(another.count == 4, "\(file("history.json"))")
        for entry in entries {
            let text = try #require(entry["text"] as? String)
            #expect(text.count <= 40, "longer than max_length: \(text)")
            #expect(entry["author"] as? String != "Seneca", "an excluded author: \(text)")
        }
    }
}

extension CommandLineTests {
    @Test(
        "run's quote is held by a holder process, as notify's: its buttons still answer after run's fetch for the next slot, and after run stops"
    )
    func runQuoteKeepsButtonsAcrossFetch() throws {
        let sandbox = Sandbox()
        let now = Date().timeIntervalSince1970
        // A slot ten minutes ago (caught up at once), and one about ten minutes ahead, far beyond
        // the test, whose fetch comes 5 s after the start (the lead in seconds): run fetches
        // with the first quote still shown, and sleeps until that slot.
        let target = (now / 60).rounded(.down) * 60 + 600
        let slots = [WallClock.utcTime(offsetBy: -600), WallClock.utcTime(offsetBy: target - now + 1)]
            .map { String(format: "\"%02d:%02d\"", $0.hour, $0.minute) }.joined(separator: ", ")
        try sandbox.home.write(
            "config/dailyquote/config.toml",
            "[delivery]\ntimes = [\(slots)]\ncatch_up = \"1h\"\n[refresh]\nlead = \"\(Int(target - now) - 5)s\"\n"
                + "[notification]\nactions = [\"save\"]\n[[source]]\ntype = \"file\"\npath = \"/nonexistent\"\n")
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions persistence", harness: "run-holder-fetch.sh")
        #expect(result.status == 0, "\(result.stderr)")
        let pids = file("pids").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(
            pids.count == 2 && !pids[1].isEmpty && pids[0] != pids[1],
            "no holder process, or run holds itself: \(file("pids")) \(file("run.log"))")
        #expect(file("run.log").contains("(delivery)"), "run did not fetch for the next slot: \(file("run.log"))")
        #expect(file("holder-after-fetch") == "alive\n", "the holder ended with run's fetch: \(file("run.log"))")
        let favorites = try #require(try JSONSerialization.jsonObject(with: Data(file("favorites.json").utf8)) as? [[String: Any]])
        #expect(favorites.count == 1, "Save was not answered after the fetch: \(file("favorites.json")) \(file("run.log"))")
        #expect(file("run-status") == "0\n", "\(file("run.log"))")
        #expect(file("holder-after-run") == "alive\n", "run's stop took the quote's holder with it")
        #expect(file("closed-1") == "0\n", "the quote was closed while it was still the last one")
    }
}
