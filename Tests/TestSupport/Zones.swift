import DailyQuoteKit

/// Zones from the system's time zone database, and instants from timestamps: the fixtures of the planner's and the clock's tests.
package enum Zones {
    /// The system's database, `/usr/share/zoneinfo`.
    package static let database = TimeZoneDatabase(directory: "/usr/share/zoneinfo")

    /// The rules of the zone `name` (a fixture: a missing zone stops the tests).
    package static func named(_ name: String) -> ZoneRules {
        do { return try database.zone(named: name) } catch { fatalError("tz database lacks \(name): \(error)") }
    }

    /// Unix time of an ISO 8601 timestamp with offset.
    package static func instant(_ text: String) -> Int64 {
        guard let value = TimestampParser.parse(text, zone: .utc) else { fatalError("bad fixture \(text)") }
        return value
    }
}
