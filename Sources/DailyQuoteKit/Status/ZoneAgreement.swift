/// Whether this session, the user manager and the installed units agree on the time zone.
///
/// `TZ=Asia/Tokyo dailyquote install` plans in Tokyo; a user manager without `TZ` plans in the
/// system's zone. The units carry the zone they were written for (`Environment=TZ=`), so timer
/// and service agree; this says where the three differ, for `status` and `doctor`.
package struct ZoneAgreement: Sendable, Codable, Equatable {
    /// The zone this session plans in (the config's `time_zone`, else `TZ`, else the system's).
    package var session: String
    /// The zone the user manager's environment gives a service without `Environment=TZ=`.
    package var manager: String?
    /// The zone written into the installed notify service, if any.
    package var units: String?
    /// What differs, in one line; nil when nothing does.
    package var warning: String?
    /// Whether it is a problem to fix (the units plan in another zone than this session).
    package var isProblem: Bool

    package init(session: String, manager: String?, units: String?, configNamesZone: Bool) {
        self.session = session
        self.manager = manager
        self.units = units
        if let units, units != session {
            warning = "the installed timers plan in \(units), this session in \(session): run `dailyquote install` again"
            isProblem = true
        } else if let manager, manager != session, !configNamesZone {
            warning =
                "this session's zone is \(session), the user manager's \(manager); the timers carry \(units ?? session), "
                + "so they agree, but set time_zone in the config to be independent of either"
            isProblem = false
        } else {
            warning = nil
            isProblem = false
        }
    }

    /// ``warning`` in `tr`'s language, for `status` and `doctor`.
    package func warning(_ tr: Translator) -> String? {
        if let units, units != session {
            // TRANSLATORS: status's and doctor's time zone warning: the zone the installed timers plan in, and this session's.
            return tr("the installed timers plan in %1$s, this session in %2$s: run `dailyquote install` again", units, session)
        }
        guard warning != nil, let manager else { return warning }
        return tr(
            "this session's zone is %1$s, the user manager's %2$s; the timers carry %3$s, so they agree, but set time_zone in the config to be independent of either",
            session, manager, units ?? session)
    }

    /// The zone in a service's `Environment=TZ=:NAME` line, if it has one.
    package static func unitZone(_ service: String) -> String? {
        service.split(separator: "\n").first { $0.hasPrefix("Environment=TZ=") }.map {
            String($0.dropFirst("Environment=TZ=".count).drop { $0 == ":" })
        }
    }
}
