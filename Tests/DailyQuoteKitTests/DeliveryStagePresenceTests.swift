import Foundation
import Logging
import TestSupport
import Testing

@testable import DailyQuoteKit

/// The delivery stage's wait for presence, with a scripted presence and clock.
@Suite("DeliveryStage presence")
struct DeliveryStagePresenceTests {
    let dir = TemporaryDirectory()
    let zone = Zones.named("Europe/Berlin")

    func stage(poster: FakePoster, clock: TestClock, presence: FakePresence?, catchUp: ConfigDuration = .hours(3)) -> DeliveryStage {
        var config = Config.defaults
        config.delivery.catchUp = catchUp
        var stage = DeliveryStage(
            planner: DeliveryPlanner(rule: DeliveryRule(hour: 8, minute: 0), zone: zone, refreshLead: 2700),
            config: config, ledger: DeliveryLedger(paths: AppPaths(root: dir.path)),
            quotes: QuoteChooser(paths: AppPaths(root: dir.path)),
            poster: poster, clock: { clock.value }, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        stage.presence = presence
        return stage
    }

    @Test("Away at 08:00, back at 08:40: one post at 08:40 with waitedSeconds 2400; the wait was given the catch-up window")
    func waitsUntilBack() throws {
        let eight = Zones.instant("2026-06-01T08:00:00+02:00")
        let clock = TestClock(eight)
        let poster = FakePoster()
        let presence = FakePresence(clock: clock, steps: [.init(takes: 2400, end: .present)])
        let outcome = try stage(poster: poster, clock: clock, presence: presence).deliverIfDue(mode: .live)
        #expect(outcome.result == .posted)
        #expect(presence.requested == [3 * 3600])
        #expect(poster.posted.count == 1)
        let entry = try #require(DeliveryLedger(paths: AppPaths(root: dir.path)).history().first)
        #expect(entry.postedAt == eight + 2400)
        #expect(entry.waitedSeconds == 2400)
        #expect(entry.presence == nil)
        #expect(outcome.waitedSeconds == 2400)
    }

    @Test("Away all along: posted at the catch-up limit, marked presence timeout")
    func timeoutPostsAnyway() throws {
        let eight = Zones.instant("2026-06-01T08:00:00+02:00")
        let clock = TestClock(eight + 600)
        let poster = FakePoster()
        let presence = FakePresence(clock: clock, steps: [.init(takes: nil, end: .timeout)])
        _ = try stage(poster: poster, clock: clock, presence: presence).deliverIfDue(mode: .live)
        #expect(presence.requested == [3 * 3600 - 600])
        let entry = try #require(DeliveryLedger(paths: AppPaths(root: dir.path)).history().first)
        #expect(entry.postedAt == eight + 3 * 3600)
        #expect(entry.presence == "timeout")
        let waited: Int64 = 3 * 3600 - 600
        #expect(entry.waitedSeconds == waited)
        #expect(poster.posted.count == 1)
    }

    @Test("Present, or no presence source: posted at once with no wait recorded")
    func presentPostsAtOnce() throws {
        let eight = Zones.instant("2026-06-01T08:00:00+02:00")
        let clock = TestClock(eight + 5)
        let poster = FakePoster()
        _ = try stage(poster: poster, clock: clock, presence: FakePresence(clock: clock, steps: [])).deliverIfDue(mode: .live)
        let entry = try #require(DeliveryLedger(paths: AppPaths(root: dir.path)).history().first)
        #expect(entry.waitedSeconds == nil && entry.presence == nil)
        #expect(entry.postedAt == eight + 5)
    }

    @Test("A stop during the wait posts nothing and leaves the delivery due")
    func stopKeepsDue() throws {
        let eight = Zones.instant("2026-06-01T08:00:00+02:00")
        let clock = TestClock(eight + 5)
        let poster = FakePoster()
        let presence = FakePresence(clock: clock, steps: [.init(takes: 60, end: .stopped)])
        let outcome = try stage(poster: poster, clock: clock, presence: presence).deliverIfDue(mode: .live)
        #expect(outcome.result == .stopped)
        #expect(poster.posted.isEmpty)
        #expect(DeliveryLedger(paths: AppPaths(root: dir.path)).history().isEmpty)
        #expect(try stage(poster: poster, clock: clock, presence: nil).deliverIfDue(mode: .live).result == .posted)
    }

    @Test("A wait never blocks the next delivery: it ends at the next slot, which then waits (within the budget) and is the one posted")
    func waitEndsAtNextDelivery() throws {
        // 2026-03-28 08:00 CET; the next delivery, after the spring-forward night, is 23 h later.
        let first = Zones.instant("2026-03-28T08:00:00+01:00")
        let next = Zones.instant("2026-03-29T08:00:00+02:00")
        #expect(next - first == 23 * 3600)
        let clock = TestClock(first + 5)
        let poster = FakePoster()
        let presence = FakePresence(clock: clock, steps: [.init(takes: nil, end: .timeout), .init(takes: nil, end: .timeout)])
        _ = try stage(poster: poster, clock: clock, presence: presence, catchUp: .hours(24)).deliverIfDue(mode: .live)
        // The first wait ends at the next delivery; the second at `catch_up` after the process began.
        #expect(presence.requested == [next - first - 5, first + 5 + 24 * 3600 - next])
        let history = DeliveryLedger(paths: AppPaths(root: dir.path)).history()
        #expect(history.count == 1)
        #expect(history.first?.plannedAt == next)
        #expect(history.first?.presence == "timeout")
        #expect(poster.posted.count == 1)
    }

    @Test("The wait's marker is live while it waits: status's text and fields")
    func markerWhileWaiting() throws {
        let marker = PresenceWaitMarker(
            pid: getpid(), plannedAt: Zones.instant("2026-06-01T08:00:00+02:00"), since: Zones.instant("2026-06-01T08:00:00+02:00"),
            until: Zones.instant("2026-06-01T11:00:00+02:00"), reason: .locked)
        #expect(marker.text(zone: zone) == "waiting for you to unlock (since 08:00, until 11:00)")
        let state = AppPaths(root: dir.path)
        #expect(PresenceWaitMarker.live(in: state) == nil)
        let lock = marker.publish(in: state)
        #expect(lock != nil)
        #expect(PresenceWaitMarker.live(in: state) == marker)
        withExtendedLifetime(lock) {}
    }

    @Test("A stop that comes as the wait ends (the unlock and SIGTERM at once): stopped, nothing posted, the delivery still due")
    func stopAfterTheWait() throws {
        let eight = Zones.instant("2026-06-01T08:00:00+02:00")
        let clock = TestClock(eight)
        let poster = FakePoster()
        let presence = FakePresence(clock: clock, steps: [.init(takes: 60, end: .present, stopAfter: true)])
        let outcome = try stage(poster: poster, clock: clock, presence: presence).deliverIfDue(mode: .live)
        #expect(outcome.result == .stopped)
        #expect(outcome.detail?.hasPrefix("stopped while waiting for presence") == true, "\(outcome)")
        #expect(poster.posted.isEmpty)
        #expect(DeliveryLedger(paths: AppPaths(root: dir.path)).history().isEmpty)
        // Stops were caught before the wait began (before status's marker said it waits).
        #expect(presence.caughtStops == [true])
        // Still due: a later run, the person back, posts it.
        let again = try stage(poster: poster, clock: clock, presence: nil).deliverIfDue(mode: .live)
        #expect(again.result == .posted)
    }
}
