@testable import DailyQuoteKit

/// Shared fixtures: zones from the system database.
enum Zones {
    static let database = TimeZoneDatabase(directory: "/usr/share/zoneinfo")

    static func named(_ name: String) -> ZoneRules {
        do { return try database.zone(named: name) } catch { fatalError("tz database lacks \(name): \(error)") }
    }

    /// Unix time of an ISO 8601 timestamp with offset.
    static func instant(_ text: String) -> Int64 {
        guard let value = TimestampParser.parse(text, zone: .utc) else { fatalError("bad fixture \(text)") }
        return value
    }
}
