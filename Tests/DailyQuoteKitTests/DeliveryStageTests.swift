import Foundation
import Logging
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("DeliveryStage")
struct DeliveryStageTests {
    let dir = TemporaryDirectory()
    let eight = Zones.instant("2026-06-01T08:00:00+02:00")

    func stage(poster: FakePoster, now: Int64) -> DeliveryStage {
        DeliveryStage(
            planner: DeliveryPlanner(rule: DeliveryRule(hour: 8, minute: 0), zone: Zones.named("Europe/Berlin"), refreshLead: 2700),
            config: .defaults, ledger: DeliveryLedger(paths: AppPaths(root: dir.path)),
            quotes: QuoteChooser(paths: AppPaths(root: dir.path)),
            poster: poster, clock: { now }, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    @Test("A due delivery is posted once and recorded; the next run finds nothing due")
    func postsOnce() throws {
        let poster = FakePoster()
        let first = try stage(poster: poster, now: eight + 5).deliverIfDue(mode: .live)
        #expect(first.result == .posted)
        #expect(first.source == "bundled")
        #expect(first.reason == "fallback: no cached quote")
        #expect(poster.posted.count == 1)
        #expect(poster.posted.first?.summary == "Quote of the Day")
        let second = try stage(poster: poster, now: eight + 60).deliverIfDue(mode: .live)
        #expect(second.result == .nothingDue)
        #expect(poster.posted.count == 1)
        #expect(DeliveryLedger(paths: AppPaths(root: dir.path)).history().count == 1)
    }

    @Test("A failed post leaves the slot due and the ledger untouched")
    func failureKeepsSlot() throws {
        let poster = FakePoster(failing: .noServer)
        #expect(throws: DeliveryError.noServer) { try stage(poster: poster, now: eight + 5).deliverIfDue(mode: .live) }
        #expect(!FileManager.default.fileExists(atPath: dir.url("state/state.json")))
        poster.fail(with: nil)
        #expect(try stage(poster: poster, now: eight + 600).deliverIfDue(mode: .live).result == .posted)
    }

    @Test("A dry run posts nothing and creates no file")
    func dryRun() throws {
        let poster = FakePoster()
        let outcome = try stage(poster: poster, now: eight + 5).deliverIfDue(mode: .dryRun)
        #expect(outcome.result == .wouldPost)
        #expect(outcome.quote != nil)
        #expect(poster.posted.isEmpty)
        #expect(dir.contents().isEmpty)
        #expect(try stage(poster: poster, now: eight + 5).postNow(mode: .dryRun).result == .wouldPost)
        #expect(dir.contents().isEmpty)
    }

    @Test("--now posts without using up the day's delivery")
    func postNowKeepsSlot() throws {
        let poster = FakePoster()
        #expect(try stage(poster: poster, now: eight - 600).postNow(mode: .live).result == .posted)
        #expect(try stage(poster: poster, now: eight + 5).deliverIfDue(mode: .live).result == .posted)
        #expect(poster.posted.count == 2)
    }

    @Test("A cached quote fetched after the last delivery is used; an older one falls back")
    func cacheFreshness() throws {
        let poster = FakePoster()
        let cached = CachedQuote(
            text: "Cached words of wisdom.", author: "Someone", source: "zenquotes", url: nil, fetchedAt: eight - 2700, forDelivery: eight)
        try AtomicFile.write(try JSONEncoder().encode(cached), to: dir.url("cache/quote.json"))
        let first = try stage(poster: poster, now: eight + 5).deliverIfDue(mode: .live)
        #expect(first.quote?.text == "Cached words of wisdom.")
        #expect(first.reason == "cache")
        let next = try stage(poster: poster, now: eight + 86_400 + 5).deliverIfDue(mode: .live)
        #expect(next.source == "bundled")
        #expect(next.reason == "fallback: cache older than the last delivery")
    }
}
