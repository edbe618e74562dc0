/// Which presence signals this session offers, as `doctor` lists them.
///
/// A signal that is missing counts as "present": it never makes a delivery wait.
package struct PresenceSignals: Sendable, Codable, Equatable {
    /// logind's session whose `LockedHint` is read (its object path); nil without logind.
    package var logindSession: String?
    /// The screensaver interface answering `GetActive` (`org.gnome.ScreenSaver`); nil without one.
    package var screenSaver: String?
    /// Whether the notification server has an `Inhibited` property (Plasma's do-not-disturb).
    package var inhibition: Bool

    package init(logindSession: String? = nil, screenSaver: String? = nil, inhibition: Bool = false) {
        self.logindSession = logindSession
        self.screenSaver = screenSaver
        self.inhibition = inhibition
    }

    /// `logind LockedHint (session /org/…/session/3); org.gnome.ScreenSaver; no Inhibited property`.
    package var summary: String {
        [
            logindSession.map { "logind LockedHint (\($0))" } ?? "no logind session",
            screenSaver.map { "\($0).GetActive" } ?? "no screensaver interface",
            inhibition ? "the notification server's Inhibited" : "no Inhibited property on the notification server",
        ].joined(separator: "; ")
    }

    /// Whether any signal can tell that the person is away.
    package var any: Bool { logindSession != nil || screenSaver != nil || inhibition }
}

/// What the presence signals say now.
package struct PresenceState: Sendable, Equatable {
    package var locked = false
    package var screenSaverActive = false
    package var inhibited = false

    package init(locked: Bool = false, screenSaverActive: Bool = false, inhibited: Bool = false) {
        self.locked = locked
        self.screenSaverActive = screenSaverActive
        self.inhibited = inhibited
    }

    /// Why the person counts as away, or nil when they are present.
    package var away: AwayReason? {
        if locked || screenSaverActive { return .locked }
        if inhibited { return .inhibited }
        return nil
    }
}
