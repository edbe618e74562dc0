import CLibnotify

/// One `NotifyNotification` GObject, unreferenced when released.
final class LibnotifyNotification {
    let pointer: UnsafeMutablePointer<NotifyNotification>

    /// A notification with `summary` and `body` (already escaped if the server wants markup).
    init(summary: String, body: String, icon: String) throws(DeliveryError) {
        guard let created = notify_notification_new(summary, body, icon.isEmpty ? nil : icon) else {
            throw .failed("notify_notification_new failed")
        }
        pointer = created
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    func configure(appName: String, urgency: NotificationUrgency, expireMilliseconds: Int32, desktopEntry: String) {
        notify_notification_set_app_name(pointer, appName)
        notify_notification_set_urgency(pointer, NotifyUrgency(rawValue: UInt32(urgency.level)))
        notify_notification_set_timeout(pointer, expireMilliseconds)
        notify_notification_set_hint_string(pointer, "desktop-entry", desktopEntry)
        notify_notification_set_hint_string(pointer, "x-kde-appname", DesktopNotification.notifyRcName)
    }

    /// Changes its summary, body (already escaped if the server wants markup) and icon, for the
    /// next `show()`, which replaces it in place.
    func update(summary: String, body: String, icon: String) {
        _ = notify_notification_update(pointer, summary, body, icon.isEmpty ? nil : icon)
    }

    /// The id the server gave it; before `show()`, the id it will replace (0: none).
    var id: UInt32 {
        get { UInt32(bitPattern: dq_notification_get_id(pointer)) }
        set { dq_notification_set_id(pointer, Int32(bitPattern: newValue)) }
    }

    /// The reason of the server's `NotificationClosed`, or -1 while it is open.
    var closedReason: Int32 { notify_notification_get_closed_reason(pointer) }

    /// Asks the server to close it (`CloseNotification`); a failure is of no consequence.
    func close() {
        var error: UnsafeMutablePointer<GError>?
        _ = notify_notification_close(pointer, &error)
        if let error { g_error_free(error) }
    }

    /// Sends the notification; a GError becomes a ``DeliveryError`` here.
    func show() throws(DeliveryError) {
        var error: UnsafeMutablePointer<GError>?
        let ok = notify_notification_show(pointer, &error)
        if let error {
            defer { g_error_free(error) }
            throw LibnotifyError.classify(error.pointee)
        }
        guard ok != 0 else { throw .failed("notify_notification_show failed without an error") }
    }
}
