/// One `delivery.times` entry: `"HH:MM"` or `"DAYS HH:MM"`, DAYS in systemd's weekday syntax.
package struct DeliveryTime: Sendable, Codable, Equatable, Hashable {
    /// The entry as written in the config, trimmed; it names the slot.
    package var text: String
    /// The entry's own days; nil means `delivery.weekdays`.
    package var days: WeekdaySet?
    package var hour: Int
    package var minute: Int

    package init(text: String, days: WeekdaySet?, hour: Int, minute: Int) {
        self.text = text
        self.days = days
        self.hour = hour
        self.minute = minute
    }

    /// Parses an entry; nil if it is not `[DAYS ]H:MM`.
    package init?(parsing entry: String) {
        let text = entry.trimmingSpaces()
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(words.count), let last = words.last, let (hour, minute) = Self.clock(last) else { return nil }
        var days: WeekdaySet?
        if words.count == 2 {
            guard let parsed = Self.weekdays(systemd: words[0]) else { return nil }
            days = parsed
        }
        self.init(text: text, days: days, hour: hour, minute: minute)
    }

    /// The rule for this entry, with `weekdays` for an entry without days.
    package func rule(weekdays: WeekdaySet) -> DeliveryRule {
        DeliveryRule(hour: hour, minute: minute, weekdays: days ?? weekdays, name: text)
    }

    /// `8:00` or `08:00`, hour 0-23, minute 00-59.
    static func clock(_ word: Substring) -> (Int, Int)? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return (hour, minute)
    }

    /// systemd's weekday names, full names before their abbreviations as systemd tries them.
    private static let names: [(String, Weekday)] = [
        ("monday", .monday), ("mon", .monday), ("tuesday", .tuesday), ("tue", .tuesday),
        ("wednesday", .wednesday), ("wed", .wednesday), ("thursday", .thursday), ("thu", .thursday),
        ("friday", .friday), ("fri", .friday), ("saturday", .saturday), ("sat", .saturday),
        ("sunday", .sunday), ("sun", .sunday),
    ]

    /// Parses a weekday list as systemd's calendar parser does (`parse_weekdays` in
    /// calendarspec.c): names or abbreviations in any case, `..` or `-` ranges that do not
    /// wrap past Sunday, `,` lists, a trailing comma allowed, an open range not.
    static func weekdays(systemd spec: Substring) -> WeekdaySet? {
        let chars = Array(spec.lowercased())
        var index = 0
        var rangeStart: Weekday?
        var days: [Weekday] = []
        while true {
            guard
                let (name, day) = names.first(where: { name, _ in
                    chars.count - index >= name.count && String(chars[index..<index + name.count]) == name
                })
            else { return nil }
            index += name.count
            if index < chars.count, !["-", ".", ","].contains(chars[index]) { return nil }
            if let start = rangeStart {
                guard start <= day else { return nil }
                days += Weekday.allCases.filter { $0 >= start && $0 <= day }
            } else {
                days.append(day)
            }
            if index == chars.count { return WeekdaySet(days) }
            switch chars[index] {
            case ".":
                guard rangeStart == nil, index + 1 < chars.count, chars[index + 1] == "." else { return nil }
                rangeStart = day
                index += 2
            case "-":
                guard rangeStart == nil else { return nil }
                rangeStart = day
                index += 1
            default:  // ","
                rangeStart = nil
                index += 1
            }
            if index == chars.count { return rangeStart == nil ? WeekdaySet(days) : nil }
        }
    }
}
