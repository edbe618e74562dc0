/// Posts notifications through libnotify on the session bus, under a deadline.
public struct LibnotifyPoster: NotificationPosting {
    public init() {}

    public func post(_ notification: DesktopNotification, deadline: Double) throws(DeliveryError) -> NotificationServerInfo {
        try Self.underDeadline(deadline) { () throws(DeliveryError) -> NotificationServerInfo in
            let library = try LibnotifyLibrary(appName: notification.appName)
            let server = try library.serverInfo()
            let body = server.rendersBodyMarkup ? MarkupEscaper.escape(notification.body) : notification.body
            let posted = try LibnotifyNotification(summary: notification.summary, body: body, icon: notification.icon)
            posted.configure(
                appName: notification.appName, urgency: notification.urgency,
                expireMilliseconds: notification.expireMilliseconds, desktopEntry: notification.desktopEntry)
            try posted.show()
            return server
        }
    }

    /// The notification server's name, version and capabilities, asked within `deadline` seconds.
    public func serverInfo(deadline: Double) throws(DeliveryError) -> NotificationServerInfo {
        try Self.underDeadline(deadline) { () throws(DeliveryError) -> NotificationServerInfo in
            try LibnotifyLibrary(appName: "dailyquote").serverInfo()
        }
    }

    /// Runs all the D-Bus work of one call on one thread, giving up after `deadline` seconds.
    private static func underDeadline(
        _ deadline: Double, _ work: @escaping @Sendable () throws(DeliveryError) -> NotificationServerInfo
    ) throws(DeliveryError) -> NotificationServerInfo {
        guard let result = BlockingDeadline.run(seconds: deadline, work) else {
            throw .timedOut(seconds: Int64(deadline.rounded(.up)))
        }
        return try result.get()
    }
}
