/// A POSIX `TZ` rule such as `CET-1CEST,M3.5.0,M10.5.0/3`, as found in a TZif footer.
///
/// It supports the RFC 8536 extensions: quoted names (`<+0545>-5:45`) and transition
/// times from -167 to 167 hours (`M3.5.0/-2`, `M3.4.4/26`).
package struct PosixTimeZoneRule: Sendable, Equatable {
    /// A day of the year on which daylight saving time starts or ends.
    package enum DateRule: Sendable, Equatable {
        /// `Jn`: day 1...365, never counting 29 February.
        case julianNoLeap(Int)
        /// `n`: day 0...365, counting 29 February.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    package var standard: LocalTimeType
    package var daylight: LocalTimeType?
    /// When daylight saving time starts (local standard time) and ends (local daylight time).
    package var start: (date: DateRule, time: Int64)?
    package var end: (date: DateRule, time: Int64)?

    package static func == (lhs: PosixTimeZoneRule, rhs: PosixTimeZoneRule) -> Bool {
        lhs.standard == rhs.standard && lhs.daylight == rhs.daylight
            && lhs.start?.date == rhs.start?.date && lhs.start?.time == rhs.start?.time
            && lhs.end?.date == rhs.end?.date && lhs.end?.time == rhs.end?.time
    }

    /// The local time type at `instant`.
    package func localTimeType(at instant: Int64) -> LocalTimeType {
        guard let daylight else { return standard }
        let year = CivilDate(daysSinceEpoch: floorDivide(instant + standard.utcOffset, 86_400)).year
        var current = standard
        var latest = Int64.min
        for (at, type) in transitions(inYears: (year - 1)...(year + 1), daylight: daylight) where at <= instant {
            if at >= latest {
                latest = at
                current = type
            }
        }
        return latest == .min ? standard : current
    }

    /// The instants in `lower ... upper` at which the rule switches between its two types.
    func transitionInstants(from lower: Int64, through upper: Int64) -> [Int64] {
        guard let daylight, lower <= upper else { return [] }
        let first = CivilDate(daysSinceEpoch: floorDivide(lower, 86_400)).year - 1
        let last = CivilDate(daysSinceEpoch: floorDivide(upper, 86_400)).year + 1
        return transitions(inYears: first...last, daylight: daylight)
            .map(\.at).filter { $0 >= lower && $0 <= upper }.sorted()
    }

    /// The start and end of daylight saving time in each year, as (instant, new type) pairs,
    /// ordered so that an end sorts before a start at the same instant.
    private func transitions(inYears years: ClosedRange<Int>, daylight: LocalTimeType) -> [(at: Int64, type: LocalTimeType)] {
        guard let start, let end else { return [] }
        var result: [(at: Int64, type: LocalTimeType)] = []
        for year in years {
            let startLocal = Self.day(start.date, year: year) * 86_400 + start.time
            let endLocal = Self.day(end.date, year: year) * 86_400 + end.time
            result.append((endLocal - daylight.utcOffset, standard))
            result.append((startLocal - standard.utcOffset, daylight))
        }
        return result.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// The day (days since the epoch) that `rule` names in `year`.
    static func day(_ rule: DateRule, year: Int) -> Int64 {
        let january1 = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        switch rule {
        case .julianNoLeap(let n):
            let leapShift = CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0
            return january1 + Int64(n - 1 + leapShift)
        case .zeroBased(let n):
            return january1 + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1).daysSinceEpoch
            let firstWeekday = Int(((first + 4) % 7 + 7) % 7)  // 0 = Sunday
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = CivilDate.daysInMonth(month, year: year)
            while day > length { day -= 7 }
            return first + Int64(day - 1)
        }
    }
}
