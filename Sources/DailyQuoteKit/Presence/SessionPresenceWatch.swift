import CGio
import DailyQuoteSystem
import SystemPackage

/// Watches the session's presence signals on a GLib main context of its own: logind's
/// `LockedHint` (system bus), the screensaver's `GetActive` and the notification server's
/// `Inhibited` (session bus).
///
/// The wait is signal-driven: it sleeps in `poll` until `PropertiesChanged` or `ActiveChanged`
/// arrives, a `timerfd` on `CLOCK_BOOTTIME` (which counts a suspend) reaches the limit, or a
/// stop is requested; it has no wake-ups in between. It runs on the calling thread. A signal
/// that cannot be read counts as "present".
final class SessionPresenceWatch: PresenceWatching {
    /// The screensaver interfaces, in the order they are tried: (bus name, object path, interface).
    static let screenSavers = [
        ("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver"),
        ("org.gnome.ScreenSaver", "/org/gnome/ScreenSaver", "org.gnome.ScreenSaver"),
    ]
    static let login1 = "org.freedesktop.login1"
    static let notifications = ("org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications")
    static let properties = "org.freedesktop.DBus.Properties"

    private let context: OpaquePointer
    private var system: GioBus?
    private var session: GioBus?
    private var subscriptions: [(bus: GioBus, id: UInt32)] = []
    /// Raised by any subscribed signal; the state is then read again.
    private let changed = SignalFlag()
    private let stop: PresenceStop
    /// SIGTERM and SIGINT routed here, for `.signals`, from ``catchStops()`` until this watch goes.
    private var stopSignals: SignalSubscription?
    private var screenSaver: (name: String, path: String, interface: String)?
    private(set) var signals = PresenceSignals()
    private(set) var state = PresenceState()

    var reason: AwayReason { state.away ?? .locked }

    /// Connects to both buses, subscribes to the signals that exist and reads the state.
    ///
    /// `sessionId` is logind's session (`$XDG_SESSION_ID`); without it, logind's `auto`: the
    /// caller's session, else the user's display session (a user service has no session).
    init(sessionId: String?, stop: PresenceStop) {
        context = g_main_context_new()
        self.stop = stop
        // Signals are dispatched to the thread-default context at the time of subscription.
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        system = try? GioBus(system: true)
        session = try? GioBus(system: false)
        if let system {
            let manager = "/org/freedesktop/login1"
            if let path = try? system.call(
                Self.login1, manager, "org.freedesktop.login1.Manager", "GetSession", dq_variant_string(sessionId ?? "auto")
            ).child(0)?.string {
                let id = system.subscribe(
                    sender: Self.login1, path: path, interface: Self.properties, member: "PropertiesChanged", flag: changed)
                if let locked = try? system.boolProperty(Self.login1, path, "org.freedesktop.login1.Session", "LockedHint") {
                    subscriptions.append((system, id))
                    signals.logindSession = path
                    state.locked = locked
                } else {
                    system.unsubscribe(id)
                }
            }
        }
        if let session {
            for (name, path, interface) in Self.screenSavers {
                let id = session.subscribe(sender: name, path: path, interface: interface, member: "ActiveChanged", flag: changed)
                if let active = try? session.boolCall(name, path, interface, "GetActive") {
                    subscriptions.append((session, id))
                    screenSaver = (name, path, interface)
                    signals.screenSaver = name
                    state.screenSaverActive = active
                    break
                }
                session.unsubscribe(id)
            }
            let (name, path, interface) = Self.notifications
            let id = session.subscribe(sender: name, path: path, interface: Self.properties, member: "PropertiesChanged", flag: changed)
            if let inhibited = try? session.boolProperty(name, path, interface, "Inhibited") {
                subscriptions.append((session, id))
                signals.inhibition = true
                state.inhibited = inhibited
            } else {
                session.unsubscribe(id)
            }
        }
    }

    /// Starts hearing stop requests, for `.signals` by routing SIGTERM and SIGINT here; false if it cannot.
    func catchStops() -> Bool {
        guard case .signals = stop else { return true }
        if stopSignals == nil { stopSignals = SignalRouter.subscribe([.terminate, .interrupt]) }
        return stopSignals != nil
    }

    /// The descriptor that becomes readable on a stop request, once stops are caught.
    private var stopDescriptor: FileDescriptor? {
        switch stop {
        case .descriptor(let descriptor): descriptor
        case .signals: stopSignals?.descriptor
        }
    }

    var stopRequested: Bool { stopDescriptor.map(SystemCall.isReadable) ?? false }

    deinit {
        for (bus, id) in subscriptions { bus.unsubscribe(id) }
        // Dispatch what is queued, so that the subscriptions' data is released before the context goes.
        while g_main_context_iteration(context, 0) != 0 {}
        g_main_context_unref(context)
    }

    /// Reads every available signal again; one that has gone away counts as "present".
    private func readState() -> PresenceState {
        var state = PresenceState()
        if let path = signals.logindSession, let system {
            state.locked = (try? system.boolProperty(Self.login1, path, "org.freedesktop.login1.Session", "LockedHint")) ?? false
        }
        if let screenSaver, let session {
            state.screenSaverActive =
                (try? session.boolCall(screenSaver.name, screenSaver.path, screenSaver.interface, "GetActive")) ?? false
        }
        if signals.inhibition, let session {
            let (name, path, interface) = Self.notifications
            state.inhibited = (try? session.boolProperty(name, path, interface, "Inhibited")) ?? false
        }
        return state
    }

    func waitUntilPresent(seconds: Int64, reasonChanged: (AwayReason) -> Void) -> PresenceWaitEnd {
        guard state.away != nil else { return .present }
        guard seconds > 0 else { return .timeout }
        guard let timer = try? TimerDescriptor(clock: .boottime), (try? timer.arm(seconds: seconds)) != nil else { return .timeout }
        // The handler stays in place after the wait, until this watch goes: a stop between the
        // wait and the post must be heard too (DeliveryStage asks ``stopRequested``).
        guard catchStops(), let stopDescriptor else { return .timeout }
        let expired = SignalFlag()
        let stopped = SignalFlag()
        let sources = [watch(timer.descriptor, raising: expired), watch(stopDescriptor, raising: stopped)]
        defer {
            withExtendedLifetime(timer) {}
            for source in sources {
                g_source_destroy(source)
                g_source_unref(source)
            }
        }
        while true {
            if stopped.raised { return .stopped }
            if changed.raised {
                changed.raised = false
                let before = state.away
                state = readState()
                guard let away = state.away else { return .present }
                if away != before { reasonChanged(away) }
            }
            if expired.raised { return .timeout }
            g_main_context_iteration(context, 1)
        }
    }

    /// A source on the context that raises `flag` once `descriptor` is readable (without reading it).
    private func watch(_ descriptor: FileDescriptor, raising flag: SignalFlag) -> UnsafeMutablePointer<GSource> {
        // GLib allocates with g_malloc, which aborts rather than return NULL: never nil.
        // swift-format-ignore: NeverForceUnwrap
        let source = dq_unix_fd_source_new_readable(descriptor.rawValue)!
        let callback: @convention(c) (Int32, GIOCondition, gpointer?) -> gboolean = { _, _, data in
            if let data { Unmanaged<SignalFlag>.fromOpaque(data).takeUnretainedValue().raised = true }
            return 0  // G_SOURCE_REMOVE: the descriptor stays readable
        }
        g_source_set_callback(
            source, unsafeBitCast(callback, to: GSourceFunc.self), Unmanaged.passRetained(flag).toOpaque(),
            { data in if let data { Unmanaged<SignalFlag>.fromOpaque(data).release() } })
        g_source_attach(source, context)
        return source
    }
}
