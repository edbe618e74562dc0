import CLibnotify
import SystemPackage

/// Watches a posted notification on the default main context until it is closed, the hold's
/// time runs out, or a stop is requested, for a loop that runs it (``GioMainLoop``, on the holder
/// process's main thread).
///
/// Nothing in between wakes it: one timeout source, the stop descriptor (SIGTERM and SIGINT
/// through the process's ``SignalRouter``, subscribed before the post) and the bus's
/// `NotificationClosed` and `ActionInvoked` signals are all it waits on.
final class LibnotifyHold {
    private var end: Hold.End?
    private var onEnd: ((Hold.End) -> Void)?
    private var sources: [UInt32] = []
    private var watched: (notification: LibnotifyNotification, handler: UInt)?
    /// Called with the action's identifier when a button offered with ``offer(_:on:)`` is pressed.
    var onAction: ((String) -> Void)?

    init() {}

    deinit { detach() }

    /// Adds `actions` as buttons to `notification` (before it is shown), answered while this
    /// waits; with the `resident` hint, so that a server keeps the notification after a press.
    func offer(_ actions: [NotificationAction], labels: Translator, on notification: LibnotifyNotification) {
        guard !actions.isEmpty else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        for action in actions {
            notify_notification_add_action(
                notification.pointer, action.identifier, action.label(labels),
                { _, action, data in
                    guard let data, let action else { return }
                    let hold = Unmanaged<LibnotifyHold>.fromOpaque(data).takeUnretainedValue()
                    hold.onAction?(String(cString: action))
                }, context, nil)
        }
        notify_notification_set_hint(notification.pointer, "resident", g_variant_new_boolean(1))
    }

    /// Watches `notification` for at most `seconds`, or until `stop` (``Hold/End/stopped``) is
    /// readable, and calls `onEnd` once, on the thread that runs the default main context.
    func attach(to notification: LibnotifyNotification, seconds: Int64, stop: FileDescriptor?, onEnd: @escaping (Hold.End) -> Void) {
        detach()
        end = nil
        self.onEnd = onEnd
        let context = Unmanaged.passUnretained(self).toOpaque()
        let handler = dq_notification_on_closed(
            notification.pointer,
            { notification, data in
                guard let data, let notification else { return }
                let reason = NotificationCloseReason(code: notify_notification_get_closed_reason(notification))
                Unmanaged<LibnotifyHold>.fromOpaque(data).takeUnretainedValue().finish(.closed(reason))
            }, context)
        watched = (notification, handler)
        // Every source returns G_SOURCE_CONTINUE and is removed by detach(), fired or not.
        sources.append(
            g_timeout_add_seconds(
                UInt32(clamping: max(seconds, 0)),
                { data in
                    guard let data else { return 0 }
                    Unmanaged<LibnotifyHold>.fromOpaque(data).takeUnretainedValue().finish(.expired)
                    return 1
                }, context))
        // The stop descriptor is never read here, so it stays readable until the hold ends.
        if let stop {
            sources.append(
                dq_unix_fd_add_readable(
                    stop.rawValue,
                    { _, _, data in
                        guard let data else { return 0 }
                        Unmanaged<LibnotifyHold>.fromOpaque(data).takeUnretainedValue().finish(.stopped)
                        return 1
                    }, context))
        }
    }

    /// Stops watching: removes the sources and the close handler (the buttons stay offered).
    func detach() {
        for source in sources { g_source_remove(source) }
        sources = []
        if let watched { g_signal_handler_disconnect(UnsafeMutableRawPointer(watched.notification.pointer), watched.handler) }
        watched = nil
    }

    /// Ends the hold now (``Hold/End/removedOnPress``), as if the server had said so.
    func end(_ reason: Hold.End) { finish(reason) }

    private func finish(_ reason: Hold.End) {
        guard end == nil else { return }
        end = reason
        // A readable stop descriptor would fire again and again: nothing is watched once it ended.
        detach()
        onEnd?(reason)
    }
}
