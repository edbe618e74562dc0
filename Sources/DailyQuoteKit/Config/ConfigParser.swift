import FoundationEssentials
import TOMLKit

/// Validates config file text into a ``Config``.
///
/// It reads nothing but the text and the zone database.
package struct ConfigParser: Sendable {
    /// Used to check `delivery.time_zone`.
    package var zones: TimeZoneDatabase
    /// Where `${VAR}` in source headers is looked up.
    package var environment: [String: String]

    package init(zones: TimeZoneDatabase, environment: [String: String] = [:]) {
        self.zones = zones
        self.environment = environment
    }

    /// A table of the config file; the raw value is its name ("" for the top level).
    enum Table: String, CaseIterable {
        case top = ""
        case delivery, refresh, notification, source, quotes

        /// The keys this version understands in the table.
        var knownKeys: [String] {
            switch self {
            case .top: ["delivery", "refresh", "notification", "source", "quotes"]
            case .delivery: ["hour", "minute", "times", "weekdays", "time_zone", "catch_up", "enabled", "wait_for_presence"]
            case .refresh: ["lead", "timeout"]
            case .notification: ["title", "icon", "urgency", "expire", "timeout", "hold", "actions"]
            case .source: ["type", "url", "endpoint", "text", "author", "headers", "path", "format", "encoding"]
            case .quotes: ["min_length", "max_length", "exclude_authors", "include_authors"]
            }
        }
    }

    /// The keys of each table this version understands, by table name.
    static let knownKeys: [String: [String]] = Dictionary(uniqueKeysWithValues: Table.allCases.map { ($0.rawValue, $0.knownKeys) })

    /// Parses and validates `text` alone; ``parse(_:file:)`` and ``parse(layers:)`` come here
    /// with the merged text (and read `delivery.enabled` themselves).
    func parseMerged(_ text: String, file: String) throws(ConfigError) -> Config {
        let table = try Self.syntaxTable(text, file: file)
        let root = TOMLTableReader(table: table, path: "", file: file, locator: TOMLKeyLocator(text: text))
        try root.rejectUnknownKeys(known: Table.top.knownKeys)
        var config = Config()
        if let delivery = try root.table("delivery") {
            config.delivery = try parseDelivery(delivery)
        }
        if let refresh = try root.table("refresh") {
            config.refresh = try parseRefresh(refresh)
        }
        if let notification = try root.table("notification") {
            config.notification = try parseNotification(notification)
        }
        if let sources = try parseSources(root) {
            config.sources = sources
            config.sourcesConfigured = true
        }
        if let quotes = try root.table("quotes") {
            config.quotes = try parseQuotes(quotes)
        }
        return config
    }

    private func parseDelivery(_ table: TOMLTableReader) throws(ConfigError) -> DeliveryConfig {
        try table.rejectUnknownKeys(known: Table.delivery.knownKeys)
        var delivery = DeliveryConfig()
        delivery.times = try parseTimes(table)
        // A key not written keeps its default (08:00), whatever else [delivery] sets.
        delivery.hour = try table.integer("hour", in: 0...23) ?? delivery.hour
        delivery.minute = try table.integer("minute", in: 0...59) ?? delivery.minute
        if let names = try table.stringArray("weekdays", expecting: "an array of weekday names such as [\"mon\", \"fri\"]") {
            var days: [Weekday] = []
            for name in names {
                guard let day = Weekday(shortName: name) else {
                    throw table.error(.invalidValue, "weekdays", "\"\(name)\" is not a weekday; use mon, tue, wed, thu, fri, sat, sun")
                }
                days.append(day)
            }
            guard !days.isEmpty else {
                throw table.error(.invalidValue, "weekdays", "the list is empty; name at least one day, or remove the key for every day")
            }
            delivery.weekdays = WeekdaySet(days)
        }
        if let zone = try table.string("time_zone", expecting: "an IANA time zone name such as \"Europe/Berlin\"") {
            do {
                _ = try zones.zone(named: zone)
            } catch {
                throw table.error(.invalidValue, "time_zone", zoneProblem(zone, error))
            }
            delivery.timeZone = zone
        }
        delivery.catchUp = try table.duration("catch_up", in: DeliveryConfig.catchUpRange) ?? delivery.catchUp
        delivery.waitForPresence = try table.presenceFlag("wait_for_presence") ?? delivery.waitForPresence
        return delivery
    }

    private func parseRefresh(_ table: TOMLTableReader) throws(ConfigError) -> RefreshConfig {
        try table.rejectUnknownKeys(known: Table.refresh.knownKeys)
        var refresh = RefreshConfig()
        refresh.lead = try table.duration("lead", in: RefreshConfig.leadRange) ?? refresh.lead
        refresh.timeout = try table.duration("timeout", in: RefreshConfig.timeoutRange) ?? refresh.timeout
        return refresh
    }

    private func parseNotification(_ table: TOMLTableReader) throws(ConfigError) -> NotificationConfig {
        try table.rejectUnknownKeys(known: Table.notification.knownKeys)
        var notification = NotificationConfig()
        if let title = try table.string("title", expecting: "a string") {
            guard !title.trimmingSpaces().isEmpty else {
                throw table.error(.invalidValue, "title", "the title is empty")
            }
            // One rule whether written raw (refused as invalid TOML) or as an escape: a title is one line of text.
            if let control = title.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                throw table.error(
                    .invalidValue, "title",
                    "the title has the control character \(ConfigControlCharacters.describe(control)); a title is one line of plain text")
            }
            guard title.count <= NotificationConfig.titleLimit else {
                throw table.error(
                    .invalidValue, "title", "the title is \(title.count) characters long (at most \(NotificationConfig.titleLimit))")
            }
            notification.title = title
        }
        notification.icon = try table.string("icon", expecting: "an icon name or path") ?? notification.icon
        if let text = try table.string("urgency", expecting: "one of \"low\", \"normal\", \"critical\"") {
            guard let urgency = NotificationUrgency(rawValue: text.lowercased()) else {
                throw table.error(.invalidValue, "urgency", "\"\(text)\" is not an urgency; use low, normal or critical")
            }
            notification.urgency = urgency
        }
        if let text = try table.string("expire", expecting: "\"default\", \"never\" or a duration") {
            guard let expiry = NotificationExpiry(parsing: text) else {
                throw table.error(
                    .invalidValue, "expire", "\"\(text)\" is not an expiry; use \"default\", \"never\" or a duration such as \"30s\"")
            }
            notification.expire = expiry
        }
        notification.timeout = try table.duration("timeout", in: NotificationConfig.timeoutRange) ?? notification.timeout
        notification.hold = try table.duration("hold", in: NotificationConfig.holdRange)
        notification.actions = try parseActions(table) ?? notification.actions
        return notification
    }

    /// Explains why `name` is not a usable zone, suggesting the closest known name.
    private func zoneProblem(_ name: String, _ error: TimeZoneDatabase.LookupError) -> String {
        switch error {
        case .unreadable(let reason):
            return "time zone \"\(name)\" is unreadable in \(zones.directory): \(reason)"
        case .invalidName, .notFound:
            return "unknown time zone \"\(name)\" (IANA names, as in \(zones.directory))"
                + ClosestMatch.question(for: name, in: zones.knownZoneNames())
        }
    }
}
