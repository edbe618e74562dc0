/// The whole user configuration, with the built-in defaults for every key.
public struct Config: Sendable, Equatable {
    public var delivery = DeliveryConfig()
    public var refresh = RefreshConfig()
    public var notification = NotificationConfig()
    /// The `[[source]]` list, tried in order.
    public var sources = SourceConfig.defaults
    /// The `[quotes]` table: which quotes every source and the bundled collection may give.
    public var quotes = QuotesConfig()

    public init(
        delivery: DeliveryConfig = DeliveryConfig(), refresh: RefreshConfig = RefreshConfig(),
        notification: NotificationConfig = NotificationConfig()
    ) {
        self.delivery = delivery
        self.refresh = refresh
        self.notification = notification
    }

    /// The configuration used when no config file exists.
    public static let defaults = Config()
}

/// The `[delivery]` table: when the daily notification is posted.
public struct DeliveryConfig: Sendable, Equatable {
    public var hour = 8
    public var minute = 0
    public var weekdays = WeekdaySet.everyDay
    /// An IANA zone name; nil means the system's zone.
    public var timeZone: String?
    /// How late a missed delivery may still be posted; zero disables catch-up.
    public var catchUp = ConfigDuration.hours(3)
    /// `delivery.times`, the slots; nil means the one slot `hour`/`minute`.
    public var times: [DeliveryTime]?
    /// False to opt out of the systemd user generator (`enabled = false`).
    public var enabled = true
    /// Whether a due delivery waits, within `catch_up`, while the person is away (locked, do-not-disturb).
    public var waitForPresence = true

    public init() {}

    /// The wall-clock part of the configuration for `hour`/`minute`.
    public var rule: DeliveryRule { DeliveryRule(hour: hour, minute: minute, weekdays: weekdays) }

    /// The slots, as the planner takes them: one per `times` entry, or `hour`/`minute` alone.
    public var rules: [DeliveryRule] { times.map { $0.map { $0.rule(weekdays: weekdays) } } ?? [rule] }
}

/// The `[refresh]` table: when and how long the fetch stage runs.
public struct RefreshConfig: Sendable, Equatable {
    /// How long before each delivery the refresh is planned.
    public var lead = ConfigDuration.minutes(45)
    /// The fetch stage's hard deadline.
    public var timeout = ConfigDuration.seconds(20)

    public init() {}

    /// The allowed range of `lead`: up to half a day, so a refresh never precedes the previous delivery.
    public static let leadRange = ConfigDuration.seconds(0)...ConfigDuration.hours(12)
    /// The allowed range of `timeout`.
    public static let timeoutRange = ConfigDuration.seconds(1)...ConfigDuration.seconds(120)
}

extension DeliveryConfig {
    /// The allowed range of `catch_up`: up to a day, after which the next delivery is due anyway.
    public static let catchUpRange = ConfigDuration.seconds(0)...ConfigDuration.hours(24)
}
