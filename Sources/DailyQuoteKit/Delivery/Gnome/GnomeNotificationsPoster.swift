import DailyQuoteSystem

/// Posts through GNOME Shell's own notification interface, `org.gtk.Notifications`: one
/// `AddNotification` call, after which nothing of dailyquote needs to run.
///
/// GNOME keeps the notification in its tray until it is dismissed, restores it after the shell
/// restarts, and starts dailyquote's action service (`dailyquote action-service`, through the
/// session bus) when a button is pressed. It needs the application's desktop entry installed
/// (``ApplicationID/desktopFile``): without it the shell answers `InvalidApp`.
package struct GnomeNotificationsPoster: NotificationPosting {
    package static let busName = "org.gtk.Notifications"
    static let objectPath = "/org/gtk/Notifications"
    /// Whether `error` is GNOME Shell's answer for an id it finds no desktop entry for:
    /// `org.gtk.Notifications.Error.InvalidApp` (GNOME 48), `org.gtk.Notifications.InvalidApp` (GNOME 43).
    package static func isInvalidApp(_ error: GioError) -> Bool {
        error.remoteName?.hasPrefix("org.gtk.Notifications.") == true && error.remoteName?.hasSuffix(".InvalidApp") == true
    }

    package var app: ApplicationID
    /// The current Unix time: the posting time the buttons' target names.
    package var clock: @Sendable () -> Int64

    package init(app: ApplicationID = .dailyquote, clock: @escaping @Sendable () -> Int64 = UnixClock.system) {
        self.app = app
        self.clock = clock
    }

    /// The server as the history and `status` name it.
    package static let server = NotificationServerInfo(
        name: "gnome-shell", vendor: "GNOME", version: "", specVersion: "", capabilities: ["actions", "body", "persistence"])

    /// Posts `notification`, replacing the previous quote.
    ///
    /// Its body goes as plain text, its buttons (those this session offers: Copy only with a
    /// clipboard tool, ``StageFactory/notification``) name this delivery. `holdUntil` is not used:
    /// nothing holds on this path. Throws ``DeliveryError/noServer`` where nothing owns
    /// `org.gtk.Notifications` (the call does not start a service).
    package func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        let postedAt = clock()
        do {
            try add(GnomeNotification(notification, postedAt: postedAt), deadline: deadline)
        } catch  where Self.isAbsent(error) {
            throw .noServer
        } catch {
            throw .failed(Self.explain(error))
        }
        return PostedNotification(server: Self.server, id: nil, held: false, path: .gnome, postedAt: postedAt)
    }

    /// Sends `notification` with `AddNotification`, waiting at most until `deadline`.
    func add(_ notification: GnomeNotification, deadline: Deadline) throws(GioError) {
        let bus = try GioBus(system: false)
        _ = try bus.call(
            Self.busName, Self.objectPath, Self.busName, "AddNotification",
            notification.addNotificationArguments(app: app).floatingVariant(),
            timeoutMilliseconds: deadline.millisecondsLeft)
    }

    /// Whether `error` says that nothing owns GNOME's interface (not GNOME, or no shell now), or
    /// that there is no session bus at all (the freedesktop path then says so itself).
    package static func isAbsent(_ error: GioError) -> Bool {
        error.kind == .bus || error.isNoOwner
    }

    /// One line on why a post failed, naming the fix for the usual cause.
    static func explain(_ error: GioError) -> String {
        if isInvalidApp(error) {
            return "GNOME Shell finds no desktop entry \(ApplicationID.dailyquote.desktopFile) "
                + "(install dailyquote with its package or `make install`)"
        }
        return "GNOME notifications: \(error.message)"
    }
}
