import Foundation
import Logging
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("ActionAnswerer")
struct ActionAnswererTests {
    let quote = Quote(text: "Well begun is half done.", author: "Aristotle")

    /// An answerer over `home` whose only clipboard tool is a `wl-copy` that fails as it does
    /// with no Wayland display to reach (exit status 1), or none at all.
    func answerer(_ home: TemporaryDirectory, bin: TemporaryDirectory = TemporaryDirectory(), failingTool: Bool) throws -> ActionAnswerer {
        if failingTool {
            try bin.writeExecutable("wl-copy", "#!/bin/sh\n/bin/cat >/dev/null\nexit 1\n")
        }
        let paths = AppPaths(root: home.path)
        return ActionAnswerer(
            paths: paths, favorites: paths.favoritesStore(),
            clipboard: Clipboard(environment: ["PATH": bin.path, "WAYLAND_DISPLAY": "wayland-9"]),
            format: ZonedTimeFormat(zone: Zones.named("UTC")), clock: { 1_800_000_100 }, logger: Logger(label: "test"))
    }

    func shown(_ home: TemporaryDirectory) throws -> ActionAnswerer.Shown {
        var entry = HistoryEntry(
            planned: nil, plannedAt: nil, plannedDay: nil, posted: "", postedAt: 1_800_000_000, quote: quote, source: "bundled",
            reason: "cache", server: "dunst")
        entry.notificationId = 7
        try AppPaths(root: home.path).deliveryLedger().appendHistory(entry)
        let notification = DesktopNotification(quote: quote, config: NotificationConfig())
        return ActionAnswerer.Shown(notification: notification, id: 7, postedAt: 1_800_000_000, server: "dunst")
    }

    @Test("A Copy whose tool fails is recorded as failed, with the tool's exit status, never as done")
    func failedCopyRecorded() throws {
        let home = TemporaryDirectory()
        let bin = TemporaryDirectory()
        let answerer = try answerer(home, bin: bin, failingTool: true)
        var replaced: [DesktopNotification] = []
        _ = answerer.answer(.copy, on: try shown(home)) { notification, _ in
            replaced.append(notification)
            return 7
        }
        let paths = AppPaths(root: home.path)
        let entry = try #require(ActionLog(path: paths.actionLog).annotate(paths.deliveryLedger().history()).last)
        #expect(entry.actions == [.copy])
        #expect(
            entry.failedActions == [FailedAction(action: .copy, reason: "wl-copy exited with status 1 (no display to reach, or no seat?)")])
        #expect(entry.line(format: ZonedTimeFormat(zone: Zones.named("UTC"))).contains("(copy failed: wl-copy exited with status 1"))
        // Off GNOME the notification is left as it is: a re-post may change its id there.
        #expect(replaced.isEmpty)
        withExtendedLifetime(bin) {}
    }

    @Test("Where failures are shown (GNOME), the notification is re-posted in place with the reason under the quote")
    func failedCopyShown() throws {
        let home = TemporaryDirectory()
        var answerer = try answerer(home, failingTool: false)
        answerer.showsFailures = true
        var replaced: [(DesktopNotification, Int64)] = []
        _ = answerer.answer(.copy, on: try shown(home)) { notification, postedAt in
            replaced.append((notification, postedAt))
            return 7
        }
        try #require(replaced.count == 1)
        #expect(replaced[0].1 == 1_800_000_000)
        #expect(replaced[0].0.body.hasPrefix("Well begun is half done.\n— Aristotle\n\nCopy failed: no clipboard tool"))
        #expect(replaced[0].0.quote == quote)
    }

    @Test("A Save that works records no failure; one that cannot write does")
    func save() throws {
        let home = TemporaryDirectory()
        let answerer = try answerer(home, failingTool: false)
        let shown = try shown(home)
        _ = answerer.answer(.save, on: shown) { _, _ in nil }
        let paths = AppPaths(root: home.path)
        #expect(ActionLog(path: paths.actionLog).annotate(paths.deliveryLedger().history()).last?.failedActions == nil)
        // The favourites' folder made a file: the next save cannot write there.
        try FileManager.default.removeItem(atPath: PathName.directory(of: paths.favorites))
        try Data().write(to: URL(fileURLWithPath: PathName.directory(of: paths.favorites)))
        _ = answerer.answer(.save, on: shown) { _, _ in nil }
        let failed = ActionLog(path: paths.actionLog).annotate(paths.deliveryLedger().history()).last?.failedActions
        #expect(failed?.count == 1 && failed?.first?.action == .save, "\(String(describing: failed))")
    }

    @Test("A holder's answerer writes the history in the request's zone (else the system's) and follows its [quotes] filters")
    func holderAnswerer() {
        let home = TemporaryDirectory().path
        let notification = DesktopNotification(quote: quote, config: NotificationConfig())
        var filters = QuotesConfig()
        filters.maxLength = 80
        let holder = { (zone: String) in
            CommandEnvironment(config: nil, verbosity: 0, variables: ["HOME": home, "TZ": zone], executable: "/nonexistent/dailyquote")
        }
        let zoned = holder("UTC").holdStage(
            for: Hold.Request(notification: notification, until: 0, timeZone: "Asia/Tokyo", filters: filters)
        ).answerer
        #expect(zoned?.format.zone.identifier == "Asia/Tokyo")
        #expect(zoned?.quotes.filters == filters)
        let unzoned = holder("Europe/Berlin").holdStage(for: Hold.Request(notification: notification, until: 0)).answerer
        #expect(unzoned?.format.zone.identifier == "Europe/Berlin")
        #expect(unzoned?.quotes.filters == QuotesConfig() && unzoned?.quotes.local.isEmpty == true)
    }
}
