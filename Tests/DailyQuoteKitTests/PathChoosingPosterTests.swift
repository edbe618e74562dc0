import Logging
import Synchronization
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("PathChoosingPoster")
struct PathChoosingPosterTests {
    let notification = DesktopNotification(quote: Quote(text: "Words.", author: "A"), config: NotificationConfig())

    /// The freedesktop poster of this process: gives the answers `asked` (nil: nothing asked
    /// first), and posts unless `needsHolder` says no for `server` (the server it asks).
    final class FakeDirect: DirectPosting {
        let asked: FreedesktopServer.Answers?
        let server: NotificationServerInfo
        let poster = FakePoster()
        init(asked: FreedesktopServer.Answers?, server: NotificationServerInfo = PathChoosingPosterTests.banner) {
            (self.asked, self.server) = (asked, server)
        }
        var posted: [DesktopNotification] { poster.posted }
        func ask(before deadline: Deadline) throws(DeliveryError) -> AskedServer? { asked.map { AskedServer(answers: $0) } }
        func postUnlessHeld(
            _ notification: DesktopNotification, asked: AskedServer?, deadline: Deadline,
            needsHolder: @escaping @Sendable (NotificationServerInfo) -> Bool
        ) throws(DeliveryError) -> PostedNotification? {
            guard !needsHolder(self.asked?.info ?? server) else { return nil }
            return try poster.post(notification, holdUntil: 0, deadline: deadline)
        }
    }

    /// A server that shows buttons and keeps nothing (dunst, mako).
    static let banner = NotificationServerInfo(name: "b", vendor: "v", version: "1", specVersion: "1.2", capabilities: ["actions", "body"])
    /// A server that keeps notifications (GNOME's freedesktop daemon, Plasma).
    static let keeper = NotificationServerInfo(
        name: "k", vendor: "v", version: "1", specVersion: "1.2", capabilities: ["actions", "body", "persistence"])

    func poster(gnome: FakePoster?, direct: FakeDirect, holding: FakePoster?, hold: Bool = true, lines: LogLines) -> PathChoosingPoster {
        PathChoosingPoster(gnome: gnome, holding: holding, direct: direct, hold: hold, logger: lines.logger)
    }

    /// The same, with GNOME's interface said by the bus to be owned (`gnome`) or not asked (nil).
    func poster(gnome: FakePoster?, owned: Bool?, freedesktop: FakePoster, lines: LogLines) -> PathChoosingPoster {
        let direct = FakeDirect(asked: owned.map { .init(info: Self.banner, gnomeOwned: $0) })
        return poster(gnome: gnome, direct: direct, holding: freedesktop, lines: lines)
    }

    @Test("Where GNOME's interface has an owner, the GNOME path alone posts")
    func gnomeFirst() throws {
        let (gnome, freedesktop, lines) = (FakePoster(), FakePoster(), LogLines())
        for owned in [true, nil] {
            let chooser = poster(gnome: gnome, owned: owned, freedesktop: freedesktop, lines: lines)
            let posted = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
            #expect(posted.path == nil || posted.path == .gnome)
        }
        #expect(gnome.posted.count == 2)
        #expect(freedesktop.posted.isEmpty)
        #expect(lines.all.filter { $0.hasPrefix("warning") }.isEmpty)
    }

    @Test("Where nothing owns GNOME's interface (the GNOME post says noServer), the freedesktop path, silently; its path is recorded")
    func noGnome() throws {
        let (gnome, freedesktop, lines) = (FakePoster(failing: .noServer), FakePoster(), LogLines())
        let chooser = poster(gnome: gnome, owned: nil, freedesktop: freedesktop, lines: lines)
        let posted = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(freedesktop.posted.count == 1, "the default buttons go to the holder, which asks the server itself")
        #expect(posted.path == .freedesktop)  // the fake holds nothing
        #expect(lines.all.filter { $0.hasPrefix("warning") }.isEmpty)
    }

    @Test("Where the answers asked ahead say nobody owns GNOME's interface, the GNOME post is not tried at all (dunst, with buttons)")
    func gnomeKnownAbsent() throws {
        let (gnome, freedesktop, lines) = (FakePoster(), FakePoster(), LogLines())
        _ = try poster(gnome: gnome, owned: false, freedesktop: freedesktop, lines: lines)
            .post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(gnome.posted.isEmpty)
        #expect(freedesktop.posted.count == 1)
        // Not known: the GNOME post is tried first, as before (here it takes the quote).
        _ = try poster(gnome: gnome, owned: nil, freedesktop: freedesktop, lines: lines)
            .post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(gnome.posted.count == 1)
        #expect(freedesktop.posted.count == 1)
    }

    @Test("When the GNOME post fails (InvalidApp), the freedesktop path posts, and the reason is said once")
    func fallback() throws {
        let gnome = FakePoster(
            failing: .failed("GNOME Shell finds no desktop entry io.github.dailyquote.DailyQuote.desktop (install dailyquote)"))
        let (freedesktop, lines) = (FakePoster(), LogLines())
        let chooser = poster(gnome: gnome, owned: true, freedesktop: freedesktop, lines: lines)
        _ = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(freedesktop.posted == [notification])
        let warnings = lines.all.filter { $0.hasPrefix("warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("no desktop entry io.github.dailyquote.DailyQuote.desktop") == true, "\(warnings)")
        #expect(warnings.first?.contains("freedesktop") == true)
        #expect(warnings.first?.contains("posting the notification failed") == false, "\(warnings)")
    }

    @Test("No GNOME poster: never the GNOME path")
    func noGnomePoster() throws {
        let freedesktop = FakePoster()
        let chooser = poster(gnome: nil, owned: true, freedesktop: freedesktop, lines: LogLines())
        #expect(chooser.plan(offering: [.save], asked: .init(info: Self.banner, gnomeOwned: true)).path == .holder)
        _ = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(freedesktop.posted.count == 1)
    }

    @Test(
        "The freedesktop path follows the plan: no buttons on a server that keeps nothing posts from here; persistence, or buttons, go to the holder"
    )
    func followsPlan() throws {
        var plain = notification
        plain.actions = nil
        let lines = LogLines()
        // Answers asked ahead: the server decides.
        for (server, actions, holder) in [
            (Self.banner, nil, false), (Self.banner, [NotificationAction.save], true), (Self.keeper, nil, true),
        ] as [(NotificationServerInfo, [NotificationAction]?, Bool)] {
            var sent = notification
            sent.actions = actions
            let (direct, holding) = (FakeDirect(asked: .init(info: server, gnomeOwned: false)), FakePoster())
            let posted = try poster(gnome: FakePoster(), direct: direct, holding: holding, lines: lines)
                .post(sent, holdUntil: 0, deadline: .after(seconds: 5))
            #expect(holding.posted.count == (holder ? 1 : 0), "\(server.capabilities) \(actions ?? [])")
            #expect(direct.posted.count == (holder ? 0 : 1))
            #expect(posted.path == .freedesktop)  // the fakes hold nothing
        }
        // Nothing asked ahead, no buttons: this process asks, and hands over where the server keeps notifications.
        for (server, holder) in [(Self.banner, false), (Self.keeper, true)] {
            let (direct, holding) = (FakeDirect(asked: nil, server: server), FakePoster())
            _ = try poster(gnome: FakePoster(failing: .noServer), direct: direct, holding: holding, lines: lines)
                .post(plain, holdUntil: 0, deadline: .after(seconds: 5))
            #expect(holding.posted.count == (holder ? 1 : 0))
            #expect(direct.posted.count == (holder ? 0 : 1))
        }
        // hold = 0: never a holder, buttons or persistence.
        let (direct, holding) = (FakeDirect(asked: .init(info: Self.keeper, gnomeOwned: false)), FakePoster())
        _ = try poster(gnome: nil, direct: direct, holding: nil, hold: false, lines: lines)
            .post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(direct.posted.count == 1)
        #expect(holding.posted.isEmpty)
    }

    @Test("InvalidApp is recognised under GNOME 48's and GNOME 43's error names, and names the fix")
    func invalidApp() {
        for name in ["org.gtk.Notifications.Error.InvalidApp", "org.gtk.Notifications.InvalidApp"] {
            let error = GioError(.call, call: "AddNotification", reason: "The app by ID could not be found", remoteName: name)
            #expect(GnomeNotificationsPoster.isInvalidApp(error))
            #expect(GnomeNotificationsPoster.explain(error).contains("io.github.dailyquote.DailyQuote.desktop"))
        }
        let other = GioError(
            .call, call: "AddNotification", reason: "Timeout was reached", remoteName: "org.freedesktop.DBus.Error.NoReply")
        #expect(!GnomeNotificationsPoster.isInvalidApp(other))
        #expect(GnomeNotificationsPoster.explain(other) == "GNOME notifications: AddNotification: Timeout was reached")
        #expect(!GnomeNotificationsPoster.isAbsent(other))
        #expect(
            GnomeNotificationsPoster.isAbsent(
                GioError(.call, call: "AddNotification", reason: "", remoteName: "org.freedesktop.DBus.Error.ServiceUnknown")))
        #expect(GnomeNotificationsPoster.isAbsent(GioError(.bus, call: "the session bus", reason: "no address")))
    }
}
