import Logging
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("GnomeActionService")
struct GnomeActionServiceTests {
    let quote = Quote(text: #"3 < 5 && "quotes" & 'marks'"#, author: "A")

    func service(_ home: TemporaryDirectory) -> GnomeActionService {
        let paths = AppPaths(root: home.path)
        let answerer = ActionAnswerer(
            paths: paths, favorites: paths.favoritesStore(), clipboard: Clipboard(environment: ["PATH": "/nonexistent"]),
            format: ZonedTimeFormat(zone: Zones.named("UTC")), clock: { 1_800_000_100 }, logger: Logger(label: "test"))
        return GnomeActionService(answerer: answerer, notification: NotificationConfig(), logger: Logger(label: "test"))
    }

    func posted(_ home: TemporaryDirectory, at postedAt: Int64) throws {
        var entry = HistoryEntry(
            planned: nil, plannedAt: nil, plannedDay: nil, posted: "", postedAt: postedAt, quote: quote, source: "zen", reason: "cache",
            server: "gnome-shell")
        entry.path = .gnome
        try AppPaths(root: home.path).deliveryLedger().appendHistory(entry)
    }

    @Test("Save on the delivery the target names: the favourite, and the press recorded against that history entry")
    func save() throws {
        let home = TemporaryDirectory()
        try posted(home, at: 1_800_000_000)
        let shown = service(home).activate(.save, target: GnomeButtonTarget(postedAt: 1_800_000_000), token: nil)
        #expect(shown?.postedAt == 1_800_000_000)
        let paths = AppPaths(root: home.path)
        #expect(paths.favoritesStore().list().map(\.quote) == [quote])
        #expect(paths.favoritesStore().list().first?.source == "zen")
        let annotated = ActionLog(path: paths.actionLog).annotate(paths.deliveryLedger().history())
        #expect(annotated.last?.actions == [.save])
        // GNOME says nothing of a dismissal: no reason is made up.
        #expect(annotated.last?.closedReason == nil)
    }

    @Test("A target naming no delivery in the history does nothing")
    func unknownTarget() throws {
        let home = TemporaryDirectory()
        try posted(home, at: 1_800_000_000)
        #expect(service(home).activate(.save, target: GnomeButtonTarget(postedAt: 5), token: nil) == nil)
        #expect(AppPaths(root: home.path).favoritesStore().list().isEmpty)
    }

    @Test("A body click (Activate, Open) and malformed calls write nothing")
    func bodyClick() throws {
        let home = TemporaryDirectory()
        try posted(home, at: 1_800_000_000)
        let service = service(home)
        service.handle("Activate", .tuple([.vardict([])]))
        service.handle("Open", .tuple([.array(elementType: "s", []), .string(""), .vardict([])]))
        service.handle("ActivateAction", .tuple([.string("save"), .array(elementType: "v", []), .vardict([])]))
        service.handle(
            "ActivateAction",
            .tuple([.string("explode"), .array(elementType: "v", [.variant(.string("posted@1800000000"))]), .vardict([])]))
        #expect(AppPaths(root: home.path).favoritesStore().list().isEmpty)
        service.handle(
            "ActivateAction",
            .tuple([
                .string("save"), .array(elementType: "v", [.variant(.string("posted@1800000000"))]),
                .vardict([.init("activation-token", .string("t"))]),
            ]))
        #expect(AppPaths(root: home.path).favoritesStore().list().count == 1)
    }

    @Test("What a caller sends is logged in part: a 10 MB action name is cut to its first 80 characters")
    func excerpt() {
        let huge = String(repeating: "x", count: 10_000_000)
        let logged = GnomeActionService.excerpt(huge)
        #expect(logged.count < 120)
        #expect(logged.hasSuffix("… (10000000 characters)"))
        #expect(GnomeActionService.excerpt("save") == "save")
    }
}
