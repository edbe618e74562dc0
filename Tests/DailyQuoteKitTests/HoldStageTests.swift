import Foundation
import Logging
import SystemPackage
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

/// The holder's rules, through a fake poster (``FakeHolderPoster``), with the real lock,
/// marker and closed log in a temporary state directory and a real process as the previous holder.
@Suite("HoldStage")
struct HoldStageTests {
    static let now: Int64 = 1_800_000_000
    let home = TemporaryDirectory()
    var paths: AppPaths { AppPaths(root: home.path) }
    let quote = Quote(text: "Well begun is half done.", author: "Aristotle")

    /// A stage as `dailyquote hold` builds it: buttons answered, no scope.
    func stage() -> HoldStage {
        let answerer = ActionAnswerer(
            paths: paths, favorites: paths.favoritesStore(), clipboard: Clipboard(environment: ["PATH": home.path]),
            format: ZonedTimeFormat(zone: Zones.named("UTC")), clock: { Self.now }, logger: Logger(label: "test"))
        return HoldStage(paths: paths, clock: { Self.now }, logger: Logger(label: "test"), answerer: answerer)
    }

    func request(actions: [NotificationAction] = [.save, .another]) -> Hold.Request {
        var notification = DesktopNotification(quote: quote, config: NotificationConfig())
        notification.actions = actions
        return Hold.Request(notification: notification, until: Self.now + 3600)
    }

    /// A previous holder's marker for `holder`'s process, held since a minute ago.
    func marker(of holder: PreviousHolder, id: UInt32 = 17, server: String = "fake") -> HoldStage.Marker {
        HoldStage.Marker(
            pid: holder.pid, id: id, postedAt: Self.now - 60, until: Self.now + 60, server: server,
            scheduler: holder.isScheduler ? true : nil)
    }

    func liveMarker() -> HoldStage.Marker? { HoldStage.Marker.live(in: paths) }

    func closedLog(_ paths: AppPaths? = nil) -> [NotificationEnd] {
        JSONLines.read(NotificationEnd.self, at: (paths ?? self.paths).closedLog).compactMap(\.value)
    }

    @Test(
        "The Notify call comes first: only then is the previous holder asked to close its quote (SIGTERM; a run of 1.0.0 SIGUSR2)",
        arguments: [false, true])
    func postBeforeTakeover(scheduler: Bool) throws {
        let previous = try PreviousHolder(scheduler: scheduler)
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"])
        var pendingAtPost: Set<Int32> = []
        poster.onPost = { pendingAtPost = previous.pending }
        let (reply, held) = stage().post(request(), through: poster, previous: marker(of: previous, server: "other"))
        #expect(pendingAtPost.isEmpty)
        #expect(previous.pending == [scheduler ? SIGUSR2 : SIGTERM])
        #expect(reply.holding && reply.id == 41 && reply.postedAt == Self.now)
        #expect(held?.isHolding == true)
        #expect(poster.events == ["post 41"])
        #expect(closedLog().map(\.reason) == [.replaced])
    }

    @Test(
        "On the same server too the next quote is a new notification, never the last one's in place: its holder is asked to close it (SIGTERM)"
    )
    func nextQuoteIsNew() throws {
        // Plasma keeps a resident notification after its popup timed out, marked expired, and a
        // replacement in place inherits that: it would never pop up.
        let previous = try PreviousHolder()
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"])
        let (reply, held) = stage().post(request(), through: poster, previous: marker(of: previous, id: 17, server: "fake"))
        #expect(reply.id == 41 && reply.postedAt == Self.now)
        #expect(held?.shown.id == 41)
        #expect(previous.pending == [SIGTERM])
        #expect(poster.events == ["post 41"])
        #expect(closedLog() == [NotificationEnd(id: 17, postedAt: Self.now - 60, reason: .replaced, at: Self.now)])
        let marker = try #require(liveMarker())
        #expect(marker.id == 41 && marker.postedAt == Self.now && marker.pid == getpid() && marker.scheduler == nil)
    }

    @Test(
        "On GNOME Shell, which holds back a banner while another notification shows, the new quote is shown again once the last one is closed"
    )
    func gnomeShowsAgain() throws {
        let previous = try PreviousHolder()
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"], name: "gnome-shell")
        let (reply, _) = stage().post(request(), through: poster, previous: marker(of: previous, server: "gnome-shell"))
        #expect(reply.holding && reply.id == 41)
        #expect(previous.pending == [SIGTERM])
        #expect(poster.events == ["post 41", "show again 41"])
    }

    @Test("A failed post ends nothing: the previous holder is not signalled and its marker stays")
    func failedPostEndsNothing() throws {
        let previous = try PreviousHolder()
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"])
        poster.failure = .failed("no server")
        let (reply, held) = stage().post(request(), through: poster, previous: marker(of: previous))
        #expect(reply.error == .failed("no server") && !reply.holding)
        #expect(held == nil)
        #expect(previous.pending.isEmpty)
        #expect(poster.events.isEmpty && closedLog().isEmpty)
        #expect(!FileLock.isHeld(path: paths.holdLock))
    }

    @Test("A stop that comes while the holder posts closes the new quote at once and ends nothing: the last one stays held")
    func stopDuringPostEndsNothing() throws {
        let previous = try PreviousHolder()
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"])
        var stop = false
        poster.onPost = { stop = true }
        let (reply, held) = stage().post(request(), through: poster, previous: marker(of: previous), stopped: { stop })
        #expect(reply.error == .failed(HoldStage.stoppedBeforeHolding) && !reply.holding)
        #expect(held == nil)
        #expect(poster.events == ["post 41", "closed 41"])
        #expect(previous.pending.isEmpty)
        #expect(closedLog().isEmpty)
        #expect(!FileLock.isHeld(path: paths.holdLock))
        #expect(!FileManager.default.fileExists(atPath: paths.holdMarker))
    }

    @Test("Where no holder is needed (no persistence, no buttons shown) it posts, takes no lock, writes no marker and signals nobody")
    func noHolderNeeded() throws {
        let previous = try PreviousHolder()
        let poster = FakeHolderPoster(capabilities: ["body"])
        let (reply, held) = stage().post(request(), through: poster, previous: marker(of: previous))
        #expect(!reply.holding && reply.id == 41)
        #expect(held == nil)
        #expect(poster.offered == [[]])
        #expect(previous.pending.isEmpty)
        #expect(!FileLock.isHeld(path: paths.holdLock))
        #expect(!FileManager.default.fileExists(atPath: paths.holdMarker))
    }

    @Test("Without hold.lock there is no marker and no hold: the notification is shown but not held")
    func noHoldWithoutLock() throws {
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"])
        let other = try FileLock(path: paths.holdLock, until: .after(seconds: 1))
        var stage = stage()
        stage.grace = 0
        let (reply, held) = stage.post(request(), through: poster, previous: nil)
        withExtendedLifetime(other) {}
        #expect(!reply.holding && reply.id == 41)
        #expect(held == nil)
        #expect(poster.events == ["post 41"])
        #expect(!FileManager.default.fileExists(atPath: paths.holdMarker))
    }

    @Test("Without a marker there is no hold: the lock is let go at once")
    func noHoldWithoutMarker() throws {
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"])
        // A directory where the marker goes: it cannot be written.
        try FileManager.default.createDirectory(atPath: paths.holdMarker, withIntermediateDirectories: true)
        let (reply, held) = stage().post(request(), through: poster, previous: nil)
        #expect(!reply.holding)
        #expect(held == nil)
        #expect(!FileLock.isHeld(path: paths.holdLock))
    }

    @Test("run: the connection is handed in; one that cannot be had is reported and nothing is posted or held")
    func runConnectFails() {
        var replies: [Hold.Reply] = []
        let end = stage().run(
            request(), connect: { () throws(DeliveryError) -> FakeHolderPoster in throw .noServer }, stop: nil,
            report: { replies.append($0) })
        #expect(end == nil)
        #expect(replies.count == 1 && replies.first?.error == .noServer)
        #expect(liveMarker() == nil)
    }

    @Test("run: on a server that needs no holder, the quote is posted through the connection handed in, reported, and not held")
    func runWithoutHold() {
        let poster = FakeHolderPoster(capabilities: ["body"])
        var replies: [Hold.Reply] = []
        let end = stage().run(request(), connect: { poster }, stop: nil, report: { replies.append($0) })
        #expect(end == nil)
        #expect(poster.events == ["post 41"])
        #expect(replies.count == 1 && replies.first?.holding == false && replies.first?.id == 41)
        #expect(liveMarker() == nil)
    }

    @Test("The marker is written with the lock held, and names the shown quote")
    func markerWithLock() throws {
        let (reply, held) = stage().post(request(), through: FakeHolderPoster(capabilities: ["persistence"]), previous: nil)
        #expect(reply.holding)
        #expect(FileLock.isHeld(path: paths.holdLock))
        let marker = try #require(HoldStage.Marker.live(in: paths))
        #expect(marker == HoldStage.Marker(pid: getpid(), id: 41, postedAt: Self.now, until: Self.now + 3600, server: "fake"))
        withExtendedLifetime(held) {}
    }

    @Test("The server's close is recorded in closed.jsonl with its reason, and the lock is let go")
    func closedRecorded() throws {
        let stage = stage()
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"])
        let held = try #require(stage.post(request(), through: poster, previous: nil).held)
        var ended: [Hold.End] = []
        stage.watch(held, stop: FileDescriptor(rawValue: 5)) { ended.append($0) }
        #expect(poster.posts.last?.watched?.seconds == 3600)
        poster.posts.last?.end(.closed(.dismissed))
        #expect(ended == [.closed(.dismissed)])
        #expect(closedLog() == [NotificationEnd(id: 41, postedAt: Self.now, reason: .dismissed, at: Self.now)])
        #expect(!held.isHolding && !FileLock.isHeld(path: paths.holdLock))
        #expect(!poster.events.contains("closed 41"))
    }

    @Test("A stop request closes the notification and records nothing; the hold's time running out leaves it shown")
    func stopCloses() throws {
        for (end, closes) in [(Hold.End.stopped, true), (.expired, false)] {
            let home = TemporaryDirectory()
            var stage = stage()
            stage.paths = AppPaths(root: home.path)
            let poster = FakeHolderPoster(capabilities: ["persistence"])
            let held = try #require(stage.post(request(), through: poster, previous: nil).held)
            stage.watch(held, stop: nil) { _ in }
            poster.posts[0].end(end)
            #expect(poster.events.contains("closed 41") == closes, "\(end)")
            #expect(!held.isHolding && !FileLock.isHeld(path: stage.paths.holdLock))
            #expect(closedLog(stage.paths).isEmpty)
        }
    }

    @Test("Another shows a new quote in place and points hold.json at it; Copy and Save leave the marker")
    func anotherRemarks() throws {
        let stage = stage()
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"])
        let held = try #require(stage.post(request(), through: poster, previous: nil).held)
        stage.watch(held, stop: nil) { _ in }
        #expect(poster.offered == [[.save, .another]])
        poster.posts[0].press(.save)
        #expect(liveMarker()?.postedAt == Self.now)
        poster.posts[0].press(.another)
        let replacement = try #require(poster.posts[0].replacements.first)
        #expect(replacement.quote != quote)
        #expect(held.shown.postedAt == Self.now + 1 && held.shown.notification.quote == replacement.quote)
        #expect(liveMarker()?.postedAt == Self.now + 1 && liveMarker()?.id == 41)
        #expect(held.isHolding)
    }

    @Test("On Budgie, which takes the popup away with a press, Save ends the hold (removedOnPress)")
    func budgieRemovedOnPress() throws {
        let stage = stage()
        let poster = FakeHolderPoster(capabilities: ["actions", "persistence"], name: "Budgie Notification Server")
        let held = try #require(stage.post(request(), through: poster, previous: nil).held)
        var ended: [Hold.End] = []
        stage.watch(held, stop: nil) { ended.append($0) }
        poster.posts[0].press(.save)
        #expect(ended == [.removedOnPress])
        #expect(!held.isHolding)
    }

    @Test("Without an answerer no buttons are offered, and a notification with only buttons to hold for is not held")
    func noAnswererNoButtons() throws {
        var stage = stage()
        stage.answerer = nil
        let poster = FakeHolderPoster(capabilities: ["actions"])
        let (reply, held) = stage.post(request(), through: poster, previous: nil)
        #expect(poster.offered == [[]])
        #expect(!reply.holding && held == nil)
    }
}

/// A stand-in for the previous holder: a real process whose command line passes
/// ``HoldStage/Marker``'s check before it signals, stopped, so that a signal sent to it stays pending
/// where the test reads it (`ShdPnd` in /proc; it may be blocked too, as the test runner's
/// children inherit its mask).
///
/// A holder's is `dailyquote hold …` (`tail hold -f` renamed: GNU tail takes options after the
/// file name, and the command line keeps its order); `run`'s is checked by the program name only
/// (`sleep` renamed).
final class PreviousHolder {
    let isScheduler: Bool
    private let process = Process()
    private let directory = TemporaryDirectory()
    var pid: Int32 { process.processIdentifier }

    init(scheduler: Bool = false) throws {
        isScheduler = scheduler
        _ = try directory.write("hold", "")
        process.executableURL = URL(fileURLWithPath: RepositoryPaths.support("unit/previous-holder.sh"))
        process.arguments = scheduler ? ["scheduler"] : ["hold", directory.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try waitFor { Self.commandLine(of: self.pid).first == "dailyquote" }
        kill(pid, SIGSTOP)
        try waitFor { Self.status(of: self.pid)["State"]?.hasPrefix("T") == true }
    }

    deinit {
        kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// The signals sent to it that it has not taken yet (it is stopped).
    var pending: Set<Int32> {
        let mask = UInt64(Self.status(of: pid)["ShdPnd"] ?? "", radix: 16) ?? 0
        return Set((1...63).filter { mask & (1 << ($0 - 1)) != 0 }.map(Int32.init))
    }

    private func waitFor(_ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw PreviousHolderError() }
            usleep(1000)
        }
    }

    private struct PreviousHolderError: Error {}

    static func commandLine(of pid: Int32) -> [String] {
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    static func status(of pid: Int32) -> [String: String] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return fields
    }
}
