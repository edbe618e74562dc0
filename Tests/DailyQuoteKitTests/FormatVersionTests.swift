import Foundation
import Testing

@testable import DailyQuoteKit

/// The cross-version formats (``FormatVersion``): samples as 1.0.0 wrote them (written by hand
/// from 1.0.0's sources, commit 33bd629, whose encoder sorts keys) read by this build, this
/// build's output read by 1.0.0's fields, and a newer version refused.
@Suite("FormatVersion")
struct FormatVersionTests {
    // 1.0.0's `hold.json` from a holder (`dailyquote hold`) and from a `run`, which held in its own process.
    static let holderMarker100 = #"{"id":17,"pid":4242,"postedAt":1800000000,"server":"dunst","until":1800086400}"#
    static let runMarker100 = #"{"id":17,"pid":4242,"postedAt":1800000000,"scheduler":true,"server":"dunst","until":1800086400}"#
    // 1.0.0's hold request, as its `run` hands it to the holder it starts (the new binary's, after an upgrade).
    static let request100 = #"""
        {"filters":{"excludeAuthors":["Anonymous"],"maxLength":200},"localSources":[{"kind":"fortune","path":"/usr/share/games/fortunes/fortunes"}],\#
        "notification":{"actions":["copy","save","another"],"appName":"dailyquote","body":"Well begun is half done.\n— Aristotle",\#
        "desktopEntry":"io.github.dailyquote.DailyQuote","expireMilliseconds":-1,"icon":"io.github.dailyquote.DailyQuote",\#
        "quote":{"author":"Aristotle","text":"Well begun is half done."},"source":"zenquotes","summary":"Quote of the Day",\#
        "translator":{"languages":["de"],"lookup":"gettext"},"urgency":"normal"},"timeZone":"Europe/Berlin","until":1800086400}
        """#
    // 1.0.0's replies: held, and failed.
    static let heldReply100 = #"""
        {"holding":true,"id":17,"postedAt":1800000000,"server":{"capabilities":["actions","body"],"name":"dunst","specVersion":"1.2",\#
        "vendor":"knopwob","version":"1.9.0"}}
        """#
    static let failedReply100 = #"{"error":{"timedOut":{"seconds":10}},"holding":false}"#

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test("1.0.0's hold markers read as version 1, a run's with its SIGUSR2 flag")
    func markers100() throws {
        let holder = try #require(HoldStage.Marker.decoded(Data(Self.holderMarker100.utf8)))
        #expect(holder == HoldStage.Marker(pid: 4242, id: 17, postedAt: 1_800_000_000, until: 1_800_086_400, server: "dunst").unversioned)
        #expect(holder.version == nil && holder.isKnown && holder.scheduler == nil)
        let run = try #require(HoldStage.Marker.decoded(Data(Self.runMarker100.utf8)))
        #expect(run.scheduler == true && run.pid == 4242 && run.isKnown)
    }

    @Test("1.0.0's hold request reads whole, as version 1")
    func request100() throws {
        let request = try decode(Hold.Request.self, Self.request100)
        #expect(request.version == nil && request.unknownVersion == nil)
        #expect(request.until == 1_800_086_400 && request.timeZone == "Europe/Berlin")
        #expect(request.filters == QuotesConfig(maxLength: 200, excludeAuthors: ["Anonymous"]))
        #expect(request.localSources == [LocalQuoteSource(kind: .fortune, path: "/usr/share/games/fortunes/fortunes")])
        let notification = request.notification
        #expect(notification.quote == Quote(text: "Well begun is half done.", author: "Aristotle"))
        #expect(notification.body == "Well begun is half done.\n— Aristotle" && notification.summary == "Quote of the Day")
        #expect(notification.actions == [.copy, .save, .another] && notification.source == "zenquotes")
        #expect(notification.urgency == .normal && notification.expireMilliseconds == -1 && notification.tr.languages == ["de"])
    }

    @Test("1.0.0's replies read as version 1")
    func replies100() throws {
        let held = try decode(Hold.Reply.self, Self.heldReply100)
        #expect(held.isKnown && held.holding && held.id == 17 && held.postedAt == 1_800_000_000 && held.server?.name == "dunst")
        let failed = try decode(Hold.Reply.self, Self.failedReply100)
        #expect(failed.isKnown && !failed.holding && failed.error == .timedOut(seconds: 10))
    }

    /// The fields a 1.0.0 `run` reads from `hold.json` and from the reply of the holder it starts.
    struct Marker100: Decodable {
        let pid: Int32
        let id: UInt32
        let postedAt: Int64
        let until: Int64
        let server: String
        let scheduler: Bool?
    }
    struct Reply100: Decodable {
        let server: NotificationServerInfo?
        let id: UInt32?
        let postedAt: Int64?
        let holding: Bool
        let error: DeliveryError?
    }

    @Test("What this build writes says version 1 and keeps 1.0.0's contract fields, which a 1.0.0 run reads")
    func written() throws {
        let marker = HoldStage.Marker(pid: 4242, id: 17, postedAt: 1_800_000_000, until: 1_800_086_400, server: "dunst")
        let markerJSON = try JSONEncoder.dailyquote().encode(marker)
        #expect(String(decoding: markerJSON, as: UTF8.self).contains(#""version":1"#))
        let old = try JSONDecoder().decode(Marker100.self, from: markerJSON)
        #expect(old.pid == 4242 && old.id == 17 && old.postedAt == 1_800_000_000 && old.until == 1_800_086_400 && old.server == "dunst")
        #expect(old.scheduler == nil)
        let server = NotificationServerInfo(name: "dunst", vendor: "knopwob", version: "1.9.0", specVersion: "1.2", capabilities: [])
        for reply in [Hold.Reply(server: server, id: 17, postedAt: 1_800_000_000, holding: true), .failed(.noServer)] {
            let line = reply.line()
            #expect(String(decoding: line, as: UTF8.self).contains(#""version":1"#))
            let read = try JSONDecoder().decode(Reply100.self, from: line)
            #expect(read.holding == reply.holding && read.id == reply.id && read.server == reply.server && read.error == reply.error)
        }
        let request = Hold.Request(
            notification: DesktopNotification(summary: "s", body: "b", icon: "i", urgency: .low, expireMilliseconds: 0), until: 1)
        #expect(String(decoding: try JSONEncoder.dailyquote().encode(request), as: UTF8.self).contains(#""version":1"#))
    }

    @Test("A newer version is not acted on: no marker, a refused request, an unread reply")
    func newer() throws {
        let marker = Self.holderMarker100.replacingOccurrences(of: #""id""#, with: #""version":2,"id""#)
        #expect(HoldStage.Marker.decoded(Data(marker.utf8)) == nil)
        let request = try decode(Hold.Request.self, Self.request100.replacingOccurrences(of: #""until""#, with: #""version":2,"until""#))
        #expect(request.unknownVersion == .failed("the hold request is of format version 2, newer than this holder's 1"))
        let reply = try decode(Hold.Reply.self, #"{"holding":true,"version":2}"#)
        #expect(!reply.isKnown)
    }
}

extension HoldStage.Marker {
    /// This marker as 1.0.0 wrote it: without a version.
    fileprivate var unversioned: Self {
        var marker = self
        marker.version = nil
        return marker
    }
}
