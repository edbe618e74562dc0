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

    /// `logind LockedHint (/org/…/session/3); org.gnome.ScreenSaver.GetActive; no Inhibited property …`, in `tr`'s language.
    package func summary(_ tr: Translator = .english) -> String {
        tr.clauses([
            // TRANSLATORS: doctor's presence check, the signals that tell whether you are away; LockedHint and Inhibited are D-Bus names.
            logindSession.map { tr("logind LockedHint (%s)", $0) } ?? tr("no logind session"),
            screenSaver.map { "\($0).GetActive" } ?? tr("no screensaver interface"),
            inhibition ? tr("the notification server's Inhibited") : tr("no Inhibited property on the notification server"),
        ])
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
