/// A day of the week, numbered as in ISO 8601 (Monday is 1).
package enum Weekday: Int, Sendable, Codable, Equatable, Hashable, CaseIterable, Comparable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// The weekday of the day `days` days after 1970-01-01 (a Thursday).
    package init(daysSinceEpoch days: Int64) {
        let index = Int(((days + 3) % 7 + 7) % 7)  // 0 = Monday
        self = Weekday.allCases[index]
    }

    /// Parses a case-insensitive three-letter English name (`mon`, `Tue`, ...).
    package init?(shortName: String) {
        guard let day = Weekday.allCases.first(where: { $0.shortName.lowercased() == shortName.lowercased() })
        else { return nil }
        self = day
    }

    /// The three-letter English name, capitalised (`Mon`), as systemd and `date` use it.
    package var shortName: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1]
    }

    package static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A non-empty set of weekdays on which deliveries happen.
package struct WeekdaySet: Sendable, Codable, Equatable, Hashable {
    /// Bit `n - 1` is set for the weekday with ISO number `n`.
    package private(set) var mask: UInt8

    /// Every day of the week.
    package static let everyDay = WeekdaySet(Weekday.allCases)

    package init<S: Sequence>(_ days: S) where S.Element == Weekday {
        mask = days.reduce(0) { $0 | (1 << UInt8($1.rawValue - 1)) }
    }

    /// Whether `day` is in the set.
    package func contains(_ day: Weekday) -> Bool { mask & (1 << UInt8(day.rawValue - 1)) != 0 }

    /// The days in the set, Monday first.
    package var days: [Weekday] { Weekday.allCases.filter(contains) }

    package var isEmpty: Bool { mask == 0 }

    /// A short English description: `every day`, `Mon-Fri`, `Mon, Wed, Fri`, `Sat-Sun`.
    package var summary: String {
        if self == .everyDay { return "every day" }
        return compactText(rangeSeparator: "-", joiner: ", ")
    }

    /// The days with runs of three or more written `first<rangeSeparator>last`: `Mon-Fri, Sun`
    /// for people, `Mon..Fri,Sun` for systemd.
    func compactText(rangeSeparator: String, joiner: String) -> String {
        ConsecutiveRuns.text(days.map(\.rawValue), rangeSeparator: rangeSeparator, joiner: joiner, minimum: 3) {
            // The numbers are this set's days' raw values: never without a weekday.
            Weekday(rawValue: $0)?.shortName ?? ""
        }
    }
}
