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

    /// The short name in `tr`'s language (`Mo`, `lun.`, `周一`).
    package func shortName(_ tr: Translator) -> String {
        // TRANSLATORS: a weekday's short name, in the delivery rule status shows ("Mon-Fri at 07:30").
        switch self {
        case .monday: tr("Mon")
        case .tuesday: tr("Tue")
        case .wednesday: tr("Wed")
        case .thursday: tr("Thu")
        case .friday: tr("Fri")
        case .saturday: tr("Sat")
        case .sunday: tr("Sun")
        }
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

    /// ``summary`` in `tr`'s language: `täglich`, `lun.-ven.`, `周一、周三`.
    package func summary(_ tr: Translator) -> String {
        // TRANSLATORS: the delivery rule's days when they are all seven ("every day at 08:00").
        if self == .everyDay { return tr("every day") }
        let parts = ConsecutiveRuns.text(days.map(\.rawValue), rangeSeparator: "-", joiner: "\n", minimum: 3) {
            Weekday(rawValue: $0)?.shortName(tr) ?? ""
        }
        return tr.list(parts.split(separator: "\n").map(String.init))
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
