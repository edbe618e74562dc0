import Foundation
import Testing

@testable import DailyQuoteKit

@Suite("FreedesktopServer")
struct FreedesktopServerTests {
    static func server(_ capabilities: [String]) -> NotificationServerInfo {
        NotificationServerInfo(name: "s", vendor: "v", version: "1", specVersion: "1.2", capabilities: capabilities)
    }

    @Test(
        "Notify's arguments are libnotify's: no actions; desktop-entry, x-kde-appname, urgency and sender-pid; the body escaped only where markup is rendered"
    )
    func arguments() throws {
        var notification = DesktopNotification(
            quote: Quote(text: "Less <is> more & so on.", author: "Ada"), config: NotificationConfig())
        notification.actions = [.copy]
        let plain = FreedesktopServer.arguments(for: notification, on: Self.server(["body"]))
        #expect(plain.signature == "(susssasa{sv}i)")
        guard case .tuple(let items) = plain else {
            Issue.record("not a tuple: \(plain)")
            return
        }
        #expect(items[0] == .string("dailyquote"))
        #expect(items[1] == .uint32(0))
        #expect(items[2] == .string(notification.icon))
        #expect(items[3] == .string(notification.summary))
        #expect(items[4] == .string("Less <is> more & so on.\n— Ada"))
        #expect(items[5] == .array(elementType: "s", []))
        #expect(items[6]["desktop-entry"] == .string(ApplicationID.dailyquote.rawValue))
        #expect(items[6]["x-kde-appname"] == .string("dailyquote"))
        #expect(items[6]["urgency"] == .byte(notification.urgency.level))
        #expect(items[6]["sender-pid"] == .int64(Int64(getpid())))
        #expect(items[7] == .int32(notification.expireMilliseconds))
        let markup = FreedesktopServer.arguments(for: notification, on: Self.server(["body", "body-markup"]))
        guard case .tuple(let escaped) = markup else { return }
        #expect(escaped[4] == .string("Less &lt;is&gt; more &amp; so on.\n— Ada"))
        // The same message GLib builds from it.
        #expect(GioVariant(plain).typeString == "(susssasa{sv}i)")
        #expect(GioVariant(plain).child(6)?.value?["urgency"] == .variant(.byte(notification.urgency.level)))
        #expect(GioVariant(plain).child(7)?.value == .int32(notification.expireMilliseconds))
    }

    @Test("A failed call is no session bus, no server, a timeout, or the server's own words")
    func errors() {
        #expect(
            FreedesktopServer.deliveryError(GioError(.bus, call: "the session bus", reason: "no address"))
                == .noSessionBus(detail: "no address"))
        for name in ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"] {
            #expect(FreedesktopServer.deliveryError(GioError(.call, call: "Notify", reason: "x", remoteName: name)) == .noServer)
        }
        #expect(FreedesktopServer.deliveryError(GioError(.call, call: "Notify", reason: "Timeout was reached")) == .timedOut(seconds: 25))
        #expect(
            FreedesktopServer.deliveryError(GioError(.call, call: "Notify", reason: "refused", remoteName: "org.example.Error"))
                == .failed("Notify: refused"))
    }
}
