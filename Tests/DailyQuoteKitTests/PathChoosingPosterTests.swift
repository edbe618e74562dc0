import Logging
import Synchronization
import Testing

@testable import DailyQuoteKit

@Suite("PathChoosingPoster")
struct PathChoosingPosterTests {
    /// A logger whose lines are kept.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        var logger: Logger {
            Logger(label: "test") { _ in Handler(lines: self) }
        }
        struct Handler: LogHandler {
            let lines: Lines
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }
            func log(event: LogEvent) {
                lines.lines.withLock { $0.append("\(event.level): \(event.message)") }
            }
        }
    }

    let notification = DesktopNotification(quote: Quote(text: "Words.", author: "A"), config: NotificationConfig())

    func poster(gnome: FakePoster?, available: Bool, freedesktop: FakePoster, lines: Lines) -> PathChoosingPoster {
        PathChoosingPoster(
            gnome: gnome, gnomeAvailable: { available }, freedesktop: freedesktop, freedesktopPath: .holder, logger: lines.logger)
    }

    @Test("Where GNOME's interface has an owner, the GNOME path alone posts")
    func gnomeFirst() throws {
        let (gnome, freedesktop, lines) = (FakePoster(), FakePoster(), Lines())
        let chooser = poster(gnome: gnome, available: true, freedesktop: freedesktop, lines: lines)
        #expect(chooser.path == .gnome)
        _ = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(gnome.posted.count == 1)
        #expect(freedesktop.posted.isEmpty)
        #expect(lines.all.filter { $0.hasPrefix("warning") }.isEmpty)
    }

    @Test("Where nothing owns GNOME's interface (the GNOME post says noServer), the freedesktop path, silently; its path is recorded")
    func noGnome() throws {
        let (gnome, freedesktop, lines) = (FakePoster(failing: .noServer), FakePoster(), Lines())
        let chooser = poster(gnome: gnome, available: false, freedesktop: freedesktop, lines: lines)
        #expect(chooser.path == .holder)
        let posted = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(freedesktop.posted.count == 1)
        #expect(posted.path == .freedesktop)  // the fake holds nothing
        #expect(lines.all.filter { $0.hasPrefix("warning") }.isEmpty)
    }

    @Test("Where the connection made ahead already knows nobody owns GNOME's interface, the GNOME post is not tried at all")
    func gnomeKnownAbsent() throws {
        let (gnome, freedesktop, lines) = (FakePoster(), FakePoster(), Lines())
        var chooser = poster(gnome: gnome, available: false, freedesktop: freedesktop, lines: lines)
        chooser.gnomeKnownAbsent = { _ in true }
        _ = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(gnome.posted.isEmpty)
        #expect(freedesktop.posted.count == 1)
        // Not known: the GNOME post is tried first, as before (here it takes the quote).
        chooser.gnomeKnownAbsent = { _ in false }
        _ = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(gnome.posted.count == 1)
        #expect(freedesktop.posted.count == 1)
    }

    @Test("When the GNOME post fails (InvalidApp), the freedesktop path posts, and the reason is said once")
    func fallback() throws {
        let gnome = FakePoster(
            failing: .failed("GNOME Shell finds no desktop entry io.github.dailyquote.DailyQuote.desktop (install dailyquote)"))
        let (freedesktop, lines) = (FakePoster(), Lines())
        let chooser = poster(gnome: gnome, available: true, freedesktop: freedesktop, lines: lines)
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
        let chooser = poster(gnome: nil, available: true, freedesktop: freedesktop, lines: Lines())
        #expect(chooser.path == .holder)
        _ = try chooser.post(notification, holdUntil: 0, deadline: .after(seconds: 5))
        #expect(freedesktop.posted.count == 1)
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
