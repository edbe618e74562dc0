/// Everything `dailyquote status` shows; `--json` prints it as is.
public struct StatusReport: Sendable, Codable, Equatable {
    /// The config file and whether it can be used.
    public struct ConfigState: Sendable, Codable, Equatable {
        public var path: String
        public var exists: Bool
        public var valid: Bool
        public var error: String?
        /// The system-wide config files read under the user's, most important first.
        public var systemFiles: [String] = []
        /// For each known key (`delivery.hour`; `source` for the list), where its value came from.
        public var origins: [String: ConfigValueOrigin] = [:]
    }

    /// An instant, as local time and as the time left until it.
    public struct Upcoming: Sendable, Codable, Equatable {
        public var at: String
        public var inSeconds: Int64
        /// `in 3h 5m`.
        public var relative: String
        /// The slot of a delivery (`Mon..Fri 08:00`); nil for a refresh.
        public var slot: String?
    }

    /// The cached quote, and which delivery it is for.
    public struct Cached: Sendable, Codable, Equatable {
        public var text: String
        public var author: String
        public var source: String
        public var fetchedAt: String
        public var ageSeconds: Int64
        /// `2h 5m ago`.
        public var age: String
        public var forDelivery: String?
    }

    /// The last planned delivery that was posted.
    public struct LastDelivery: Sendable, Codable, Equatable {
        public var planned: String?
        public var posted: String
        public var source: String
        public var text: String
    }

    /// What schedules the stages: the systemd timers, a `run` process, both or neither.
    public struct Engine: Sendable, Codable, Equatable {
        /// `systemd`, `run`, `systemd+run` or `none`.
        public var kind: String
        /// The dailyquote unit files present in the user unit directory.
        public var unitsInstalled: [String]
        public var timersEnabled: Bool
        /// Whether the unit files equal what `install` would write now.
        public var unitsInSync: Bool
        /// For timers that list absolute instants, the last one they cover.
        public var unitsHorizonEnd: String?
        /// Whether a `dailyquote run` process holds its marker lock.
        public var runProcess: Bool
        /// The dailyquote units the user generator wrote (`$XDG_RUNTIME_DIR/systemd/generator`).
        public var generatedUnits: [String] = []
    }

    /// A live holder keeping the last notification (see `notification.hold`).
    public struct Holder: Sendable, Codable, Equatable {
        public var pid: Int32
        public var notificationId: UInt32
        public var server: String
        public var posted: String
        public var until: String
    }

    /// A delivery that waits while the person is away: `text` is what `status` prints.
    public struct PresenceWaiting: Sendable, Codable, Equatable {
        public var pid: Int32
        /// `locked` or `inhibited`.
        public var reason: AwayReason
        public var planned: String
        public var since: String
        public var until: String
        /// `waiting for you to unlock (since 08:00, until 11:00)`.
        public var text: String
    }

    public var config: ConfigState
    public var timeZone: String
    public var rule: String
    public var nextDelivery: Upcoming?
    public var nextRefresh: Upcoming?
    public var cachedQuote: Cached?
    public var cacheProblem: String?
    public var lastRefresh: RefreshOutcome?
    public var lastDelivery: LastDelivery?
    public var engine: Engine
    public var notificationServer: NotificationServerInfo?
    public var notificationServerError: String?
    public var holder: Holder?
    /// A delivery waiting for the person to come back (`delivery.wait_for_presence`).
    public var waitingForPresence: PresenceWaiting?
    /// Ledger records more than a day ahead of now (a clock that was wrong), ignored by the due rule.
    public var futureRecords: [String]?
    /// The zones of this session, the user manager and the units, where the units are installed.
    public var zones: ZoneAgreement?
    /// The buttons `notification.actions` offers (see StatusReport+Actions.swift).
    public var buttons: [NotificationAction] = []
    public var lastNotification: LastNotification?
    public var favorites: Favorites?
}
