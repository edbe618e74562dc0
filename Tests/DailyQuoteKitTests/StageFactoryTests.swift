import Foundation
import Logging
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("StageFactory")
struct StageFactoryTests {
    func factory(_ home: TemporaryDirectory, _ change: (inout Config) -> Void = { _ in }) -> StageFactory {
        var config = Config.defaults
        change(&config)
        var paths = AppPaths(root: home.path)
        paths.runtimeDirectory = home.url("run")
        return StageFactory(
            loaded: LoadedConfig(config: config, path: home.url("c.toml"), fileExists: false), zone: Zones.named("Europe/Berlin"),
            paths: paths, environment: ["XDG_RUNTIME_DIR": home.url("run")], logger: Logger(label: "test"),
            executable: "/usr/bin/dailyquote", clock: { 1_800_000_000 })
    }

    @Test(
        "The delivery stage waits for the person only with wait_for_presence, and posts through GNOME's interface first, else a holder unless hold is 0"
    )
    func deliveryStage() throws {
        let home = TemporaryDirectory()
        let standard = factory(home).deliveryStage()
        #expect(standard.presence != nil)
        let choosing = try #require(standard.poster as? PathChoosingPoster)
        let gnome = try #require(choosing.gnome as? GnomeNotificationsPoster)
        #expect(gnome.app == .dailyquote)
        #expect(gnome.clock() == 1_800_000_000)
        #expect(choosing.hold)
        #expect((choosing.direct as? FreedesktopPoster)?.asksFirst == false, "not a live notify: nothing asked first")
        let holding = try #require(choosing.holding as? HolderLauncher)
        #expect(holding.executable == "/usr/bin/dailyquote" && !holding.startsAhead)
        #expect(holding.timeZone == "Europe/Berlin")
        #expect(holding.filters == QuotesConfig(), "the holder's Another gets the [quotes] filters")
        #expect(standard.clock() == 1_800_000_000)
        #expect(standard.ledger.paths == factory(home).paths)
        let plain = factory(home) {
            $0.delivery.waitForPresence = false
            $0.notification.hold = .seconds(0)
        }.deliveryStage()
        #expect(plain.presence == nil)
        let plainChoosing = try #require(plain.poster as? PathChoosingPoster)
        #expect((plainChoosing.direct as? FreedesktopPoster)?.asksFirst == false)
        #expect(plainChoosing.holding == nil)
        #expect(!plainChoosing.hold)
        #expect(plainChoosing.gnome is GnomeNotificationsPoster)
    }

    @Test(
        "A live notify off GNOME asks the server and the bus before the post, on its own thread's time, and starts its holder ahead where it offers buttons; on GNOME neither"
    )
    func askedFirst() throws {
        let home = TemporaryDirectory()
        var elsewhere = factory(home)
        elsewhere.environment["XDG_CURRENT_DESKTOP"] = "sway"
        elsewhere.environment["PATH"] = "/nonexistent"
        // A holder that cannot start: the test runner must not fork itself.
        elsewhere.executable = "/nonexistent/dailyquote"
        let live = elsewhere.poster(preparingAhead: true)
        #expect((live.direct as? FreedesktopPoster)?.asksFirst == true)
        #expect((live.holding as? HolderLauncher)?.startsAhead == true)
        var plain = elsewhere
        plain.loaded.config.notification.actions = []
        let livePlain = plain.poster(preparingAhead: true)
        #expect((livePlain.direct as? FreedesktopPoster)?.asksFirst == true)
        #expect((livePlain.holding as? HolderLauncher)?.startsAhead == false)
        var gnome = elsewhere
        gnome.environment["XDG_CURRENT_DESKTOP"] = "GNOME"
        let onGnome = gnome.poster(preparingAhead: true)
        #expect((onGnome.direct as? FreedesktopPoster)?.asksFirst == false)
        #expect((onGnome.holding as? HolderLauncher)?.startsAhead == false)
    }

    @Test("The buttons are decided once: Copy only where a clipboard tool is installed, for the delivery and the action service alike")
    func buttons() throws {
        let home = TemporaryDirectory()
        let bin = TemporaryDirectory()
        var stages = factory(home)
        stages.environment["PATH"] = bin.path
        #expect(stages.notification.actions == [.save])
        #expect(stages.deliveryStage().config.notification.actions == [.save])
        _ = try bin.writeExecutable("xclip", "#!/bin/sh\n")
        #expect(stages.notification.actions == [.copy, .save])
        stages.loaded.config.notification.actions = [.copy]
        stages.environment["PATH"] = "/nonexistent"
        #expect(stages.notification.actions == [])
    }

    @Test("The fetch stage is handed the quotes the ledger posted in the last year, not the ledger")
    func fetchStage() throws {
        let home = TemporaryDirectory()
        let factory = factory(home)
        var old = HistoryEntry.sample(1)
        old.text = "Old words."
        old.postedAt = 1_800_000_000 - 400 * 86_400
        var recent = HistoryEntry.sample(2)
        recent.text = "Recent words."
        recent.postedAt = 1_800_000_000 - 86_400
        try factory.ledger.appendHistory(old)
        try factory.ledger.appendHistory(recent)
        let stage = factory.fetchStage
        #expect(stage.recentQuotes(1_800_000_000) == [recent.quote.normalisedText])
        #expect(stage.cache.path == factory.paths.quoteCache)
    }

    @Test("The status collector gets the plan, the expected units and the generator directory")
    func statusCollector() {
        let home = TemporaryDirectory()
        let units = [[SystemdUnit(name: "dailyquote-notify.timer", content: "[Timer]\n")]]
        let collector = factory(home) { $0.delivery.timeZone = "Europe/Berlin" }.statusCollector(
            configError: "bad key", expectedUnits: units, now: 1_800_000_000, subprocess: Subprocess(environment: [:]),
            zones: TimeZoneDatabase(environment: [:]))
        #expect(collector.configError == "bad key")
        #expect(collector.expectedUnits == units)
        #expect(collector.now == 1_800_000_000)
        #expect(collector.generatorDirectory == home.url("run") + "/systemd/generator")
        #expect(collector.configNamesZone)
        #expect(collector.zoneNamed("Etc/UTC")?.identifier == "Etc/UTC")
        #expect(collector.planner.zone.identifier == "Europe/Berlin")
    }
}
