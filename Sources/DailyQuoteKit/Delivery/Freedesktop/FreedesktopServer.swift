import DailyQuoteSystem

/// The session bus's notification server (`org.freedesktop.Notifications`), asked who it is
/// and what it can do, over GDBus: a notification without buttons needs nothing of libnotify.
///
/// Without libnotify's proxy a post costs two round trips: `GetServerInformation`,
/// `GetCapabilities` and the bus's `NameHasOwner` for GNOME's interface, sent together, then
/// `Notify`; libnotify makes four calls to the server, one after the other, and four to the bus
/// (docs/performance.md).
package final class FreedesktopServer: Sendable {
    /// The server's and the bus's answers before `deadline`: what `status` and `doctor` ask.
    ///
    /// Connecting has no timeout of its own (a frozen bus would hold it forever): on a thread,
    /// under the deadline.
    package static func answers(before deadline: Deadline) throws(DeliveryError) -> Answers {
        try BlockingDeadline.run(before: deadline) { () throws(DeliveryError) -> Answers in try FreedesktopServer().answers }
    }

    static let busName = "org.freedesktop.Notifications"
    static let objectPath = "/org/freedesktop/Notifications"
    /// A live server answers in a millisecond; the poster's deadline bounds a frozen one.
    static let callTimeoutMilliseconds: Int32 = 25_000

    private let bus: GioBus
    /// Who the server is and what it can do.
    let info: NotificationServerInfo
    /// Whether someone (GNOME Shell) owned `org.gtk.Notifications` when the server was asked;
    /// nil when the bus did not say.
    let gnomeOwned: Bool?

    /// What the one round trip found out, for the ``PostingPlan``.
    package struct Answers: Sendable, Equatable {
        /// Who the server is and what it can do.
        package var info: NotificationServerInfo
        /// Whether `org.gtk.Notifications` has an owner; nil when the bus did not say.
        package var gnomeOwned: Bool?

        package init(info: NotificationServerInfo, gnomeOwned: Bool?) {
            self.info = info
            self.gnomeOwned = gnomeOwned
        }
    }

    /// The server's answers and the bus's.
    package var answers: Answers { Answers(info: info, gnomeOwned: gnomeOwned) }

    /// Connects to the session bus and asks the server.
    package init() throws(DeliveryError) {
        SessionBus.settleAddress()
        do {
            bus = try GioBus(system: false)
        } catch {
            throw .noSessionBus(detail: error.reason)
        }
        do {
            // Sent together: one round trip, not three. The bus answers the third itself.
            let answers = bus.callBatch(
                [
                    .init(service: Self.busName, path: Self.objectPath, interface: Self.busName, method: "GetServerInformation"),
                    .init(service: Self.busName, path: Self.objectPath, interface: Self.busName, method: "GetCapabilities"),
                    .init(
                        service: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                        method: "NameHasOwner", parameters: .tuple([.string(GnomeNotificationsPoster.busName)])),
                ], timeoutMilliseconds: Self.callTimeoutMilliseconds)
            let about = try answers[0].get()
            let capabilities = try answers[1].get()
            // Unknown (the bus did not answer): the GNOME path then asks by posting.
            gnomeOwned = (try? answers[2].get())?.child(0)?.bool
            let fields = (0..<4).map { about.child($0)?.string ?? "" }
            var names: [String] = []
            if case .array(_, let items)? = capabilities.child(0)?.value {
                names = items.compactMap(\.stringValue)
            }
            info = NotificationServerInfo(
                name: fields[0], vendor: fields[1], version: fields[2], specVersion: fields[3], capabilities: names)
        } catch {
            throw Self.deliveryError(error)
        }
    }

    /// Posts `notification` (its buttons are not offered: nothing here would answer them) and
    /// returns the id the server gave it.
    func notify(_ notification: DesktopNotification, deadline: Deadline) throws(DeliveryError) -> UInt32 {
        let reply: GioVariant
        do {
            reply = try bus.call(
                Self.busName, Self.objectPath, Self.busName, "Notify", Self.arguments(for: notification, on: info).floatingVariant(),
                timeoutMilliseconds: deadline.millisecondsLeft)
        } catch {
            throw Self.deliveryError(error)
        }
        guard let id = reply.child(0)?.uint32 else { throw .failed("Notify: the reply is \(reply.typeString), not an id") }
        return id
    }

    /// `Notify`'s arguments for `notification` on `server`, as libnotify sends them: the body
    /// escaped where the server renders markup, no actions, and the hints `desktop-entry`,
    /// `x-kde-appname`, `urgency` and `sender-pid`.
    static func arguments(for notification: DesktopNotification, on server: NotificationServerInfo) -> DBusValue {
        .tuple([
            .string(notification.appName), .uint32(0), .string(notification.icon), .string(notification.summary),
            .string(server.body(notification.body)),
            .array(elementType: "s", []),
            .vardict([
                .init("desktop-entry", .string(notification.desktopEntry)),
                .init("x-kde-appname", .string(DesktopNotification.notifyRcName)), .init("urgency", .byte(notification.urgency.level)),
                .init("sender-pid", .int64(Int64(ProcessID.current.rawValue))),
            ]),
            .int32(notification.expireMilliseconds),
        ])
    }

    /// What a failed call means for a delivery: no server, a server that did not answer in
    /// time, or another failure in the server's words.
    static func deliveryError(_ error: GioError) -> DeliveryError {
        if error.kind == .bus { return .noSessionBus(detail: error.reason) }
        if error.isNoOwner { return .noServer }
        if error.reason.contains("Timeout was reached") { return .timedOut(seconds: Int64(callTimeoutMilliseconds / 1000)) }
        return .failed(error.message)
    }
}
