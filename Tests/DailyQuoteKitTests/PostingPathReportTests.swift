import Testing

@testable import DailyQuoteKit

@Suite("PostingPathReport")
struct PostingPathReportTests {
    let paths = AppPaths(environment: ["HOME": "/home/u", "XDG_DATA_DIRS": "/usr/share"])
    let entry = "/home/u/.local/share/applications/io.github.dailyquote.DailyQuote.desktop"
    let service = "/usr/share/dbus-1/services/io.github.dailyquote.DailyQuote.service"

    /// A server that shows buttons and keeps notifications (dunst's `actions`, GNOME's `persistence`).
    static let server = NotificationServerInfo(
        name: "srv", vendor: "v", version: "1", specVersion: "1.2", capabilities: ["actions", "body", "persistence"])

    /// The answers with GNOME's interface owned (`gnome`) or not, on ``server``.
    func answers(gnome: Bool) -> FreedesktopServer.Answers { .init(info: Self.server, gnomeOwned: gnome) }

    /// The report with the default buttons; `freedesktop` `.holder` with `notification.hold` as
    /// by default, `.freedesktop` with it "0".
    func report(gnome: Bool, files: Set<String>, freedesktop: PostingPath = .holder) -> PostingPathReport {
        PostingPathReport(
            answers: answers(gnome: gnome), hold: freedesktop == .holder, offered: [.copy, .save, .another], paths: paths,
            fileExists: files.contains)
    }

    @Test("GNOME Shell and the installed files: the GNOME path, nothing to mend")
    func gnome() {
        let report = report(gnome: true, files: [entry, service])
        #expect(report.path == .gnome)
        #expect(report.desktopEntry == entry)
        #expect(report.actionService == service)
        #expect(report.problem == nil)
        #expect(report.text.hasPrefix("GNOME notifications: stays until dismissed"))
    }

    @Test("GNOME Shell without the desktop entry: the freedesktop path with a holder, and the fix")
    func noEntry() {
        let report = report(gnome: true, files: [service])
        #expect(report.path == .holder)
        #expect(report.problem?.contains("no io.github.dailyquote.DailyQuote.desktop") == true)
        #expect(report.fix?.contains("make install") == true)
        #expect(report.text.contains("freedesktop with a holder"))
    }

    @Test("A Hidden=true entry first in the data directories hides a packaged one: the freedesktop path, and why")
    func hiddenEntry() {
        let packaged = "/usr/share/applications/io.github.dailyquote.DailyQuote.desktop"
        let report = PostingPathReport(
            answers: answers(gnome: true), hold: true, offered: [.save], paths: paths,
            fileExists: [entry, packaged, service].contains,
            contents: { $0 == entry ? "[Desktop Entry]\nHidden=true\n" : "[Desktop Entry]\nName=dailyquote\n" })
        #expect(report.path == .holder)
        #expect(report.desktopEntry == nil)
        #expect(report.problem?.contains("Hidden=true") == true, "\(report.problem ?? "")")
        // The fix is removing the person's file, not installing what is installed.
        #expect(report.fix?.hasPrefix("remove \(entry);") == true, "\(report.fix ?? "")")
        let shown = PostingPathReport(
            answers: answers(gnome: true), hold: true, offered: [.save], paths: paths, fileExists: [entry, service].contains,
            contents: { _ in "[Desktop Entry]\nName=dailyquote\n[Desktop Action x]\nHidden=true\n" })
        #expect(shown.path == .gnome, "Hidden=true outside [Desktop Entry] hides nothing")
    }

    @Test("GNOME Shell without the D-Bus service: the GNOME path, but its buttons do nothing")
    func noService() {
        let report = report(gnome: true, files: [entry])
        #expect(report.path == .gnome)
        #expect(report.problem?.contains("buttons do nothing") == true)
    }

    @Test("No GNOME Shell: the freedesktop path as configured, nothing to mend")
    func elsewhere() {
        #expect(report(gnome: false, files: [entry, service]).path == .holder)
        #expect(report(gnome: false, files: [], freedesktop: .freedesktop).path == .freedesktop)
        #expect(report(gnome: false, files: []).problem == nil)
    }

    @Test(
        "The path follows the server's answers: without buttons, a server that keeps nothing gets no holder; no answers, no GNOME"
    )
    func serverDecides() {
        let banner = NotificationServerInfo(name: "b", vendor: "v", version: "1", specVersion: "1.2", capabilities: ["actions", "body"])
        let plain = PostingPathReport(
            answers: .init(info: banner, gnomeOwned: false), hold: true, offered: [], paths: paths, fileExists: { _ in false })
        #expect(plain.path == .freedesktop, "actions = [] on a server without persistence: notify posts directly")
        #expect(plain.text.hasPrefix("freedesktop, no holder"))
        let buttons = PostingPathReport(
            answers: .init(info: banner, gnomeOwned: false), hold: true, offered: [.save], paths: paths,
            fileExists: { _ in false })
        #expect(buttons.path == .holder)
        let unknown = PostingPathReport(answers: nil, hold: true, offered: [.save], paths: paths, fileExists: [entry].contains)
        #expect(!unknown.gnomeShell)
        #expect(unknown.path == .holder)
    }

    @Test(
        "No server answered (none on the bus, a frozen one): the report says so, not the path a post would take; not in the JSON's fields")
    func unanswered() throws {
        for failure in [DeliveryError.noServer, .timedOut(seconds: 2)] {
            let report = PostingPathReport(
                answers: nil, unanswered: failure, hold: true, offered: [.save], paths: paths, fileExists: { _ in false })
            #expect(report.text == "unavailable: \(failure.message(.english))", "\(report.text)")
            #expect(!report.text.contains("holder"), "\(report.text)")
            #expect(report.problem == nil && report.fix == nil)
        }
        let answered = PostingPathReport(
            answers: answers(gnome: false), unanswered: .noServer, hold: true, offered: [.save], paths: paths,
            fileExists: { _ in false })
        #expect(answered.unanswered == nil, "answers win")
        #expect(answered.text.hasPrefix("freedesktop with a holder"))
    }
}
