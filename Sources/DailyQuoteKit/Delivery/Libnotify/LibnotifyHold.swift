import CLibnotify

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// A GLib main loop that sleeps until a posted notification is closed, the hold's time runs
/// out, or a stop is requested.
///
/// Nothing in between wakes it: one timeout source, the stop descriptor (``StopSignals``, the
/// process's one owner of SIGTERM and SIGINT, installed before the post) and the bus's
/// `NotificationClosed` and `ActionInvoked` signals are all it waits on.
final class LibnotifyHold {
    private let loop: OpaquePointer
    private var end: HoldEnd?
    /// Called with the action's identifier when a button offered with ``offer(_:on:)`` is pressed.
    var onAction: ((String) -> Void)?

    init() {
        loop = g_main_loop_new(nil, 0)
    }

    deinit {
        g_main_loop_unref(loop)
    }

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

    /// Waits on `notification` for at most `seconds`, or until `stop` (a descriptor that a stop
    /// request makes readable) is readable; a request made before the wait ends it at once.
    func wait(for notification: LibnotifyNotification, seconds: Int64, stop: Int32?) -> HoldEnd {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let closedHandler = dq_notification_on_closed(
            notification.pointer,
            { notification, data in
                guard let data, let notification else { return }
                let reason = NotificationCloseReason(code: notify_notification_get_closed_reason(notification))
                Unmanaged<LibnotifyHold>.fromOpaque(data).takeUnretainedValue().finish(.closed(reason))
            }, context)
        // Every source returns G_SOURCE_CONTINUE and is removed here once the loop ends, fired or not.
        let timeout = g_timeout_add_seconds(
            UInt32(clamping: max(seconds, 0)),
            { data in
                Unmanaged<LibnotifyHold>.fromOpaque(data!).takeUnretainedValue().finish(.expired)
                return 1
            }, context)
        // G_IO_IN is 1; the descriptor is never read, so it stays readable until the loop ends.
        let stops = stop.map { descriptor in
            [
                g_unix_fd_add(
                    descriptor, GIOCondition(rawValue: 1),
                    { _, _, data in
                        Unmanaged<LibnotifyHold>.fromOpaque(data!).takeUnretainedValue().finish(.stopped)
                        return 1
                    }, context)
            ]
        } ?? []
        g_main_loop_run(loop)
        for source in [timeout] + stops {
            g_source_remove(source)
        }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(notification.pointer), closedHandler)
        return end ?? .expired
    }

    private func finish(_ reason: HoldEnd) {
        guard end == nil else { return }
        end = reason
        g_main_loop_quit(loop)
    }
}
