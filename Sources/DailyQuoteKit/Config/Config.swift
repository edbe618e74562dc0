/// The whole user configuration, with the built-in defaults for every key.
package struct Config: Sendable, Equatable {
    package var delivery = DeliveryConfig()
    package var refresh = RefreshConfig()
    package var notification = NotificationConfig()
    /// The `[[source]]` list, tried in order.
    package var sources = SourceConfig.defaults
    /// Whether a config file gives `[[source]]`; if not, ``DefaultSources`` picks the list.
    package var sourcesConfigured = false
    /// The `[quotes]` table: which quotes every source and the bundled collection may give.
    package var quotes = QuotesConfig()

    package init(
        delivery: DeliveryConfig = DeliveryConfig(), refresh: RefreshConfig = RefreshConfig(),
        notification: NotificationConfig = NotificationConfig()
    ) {
        self.delivery = delivery
        self.refresh = refresh
        self.notification = notification
    }

    /// The configuration used when no config file exists.
    package static let defaults = Config()
}

/// The `[delivery]` table: when the daily notification is posted.
package struct DeliveryConfig: Sendable, Equatable {
    package var hour = 8
    package var minute = 0
    package var weekdays = WeekdaySet.everyDay
    /// An IANA zone name; nil means the system's zone.
    package var timeZone: String?
    /// How late a missed delivery may still be posted; zero disables catch-up.
    package var catchUp = ConfigDuration.hours(3)
    /// `delivery.times`, the slots; nil means the one slot `hour`/`minute`.
    package var times: [DeliveryTime]?
    /// False to opt out of the systemd user generator (`enabled = false`).
    package var enabled = true
    /// Whether a due delivery waits, within `catch_up`, while the person is away (locked, do-not-disturb).
    package var waitForPresence = true

    package init() {}

    /// The wall-clock part of the configuration for `hour`/`minute`.
    package var rule: DeliveryRule { DeliveryRule(hour: hour, minute: minute, weekdays: weekdays) }

    /// The slots, as the planner takes them: one per `times` entry, or `hour`/`minute` alone.
    package var rules: [DeliveryRule] { times.map { $0.map { $0.rule(weekdays: weekdays) } } ?? [rule] }
}

/// The `[refresh]` table: when and how long the fetch stage runs.
package struct RefreshConfig: Sendable, Equatable {
    /// How long before each delivery the refresh is planned.
    package var lead = ConfigDuration.minutes(45)
    /// The fetch stage's hard deadline.
    package var timeout = ConfigDuration.seconds(20)

    package init() {}

    /// The allowed range of `lead`: up to half a day, so a refresh never precedes the previous delivery.
    package static let leadRange = ConfigDuration.seconds(0)...ConfigDuration.hours(12)
    /// The allowed range of `timeout`.
    package static let timeoutRange = ConfigDuration.seconds(1)...ConfigDuration.seconds(120)
}

extension DeliveryConfig {
    /// The allowed range of `catch_up`: up to a day, after which the next delivery is due anyway.
    package static let catchUpRange = ConfigDuration.seconds(0)...ConfigDuration.hours(24)
}
