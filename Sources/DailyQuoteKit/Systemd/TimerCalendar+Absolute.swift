/// Explicit UTC elapses, for rules that systemd's calendar cannot follow in the zone.
///
/// systemd 252 finds no next elapse for a local time inside some DST gaps (any time between
/// 02:45 and 03:15 in Pacific/Chatham: "Resource deadlock avoided"), and a timer with such a
/// line stops. For those rules the timer lists the planned instants themselves, in UTC, over a
/// horizon of whole calendar years; `status` and `doctor` say when it runs out.
extension TimerCalendar {
    /// The first instant (Unix seconds) of the horizon's first year and the first instant after
    /// its last: from 1 January of `now`'s UTC year through 31 December `years` later.
    ///
    /// Anchoring to the year keeps the generated units stable, so a re-run of `install` rewrites nothing.
    package static func absoluteHorizon(now: Int64, years: Int = 3) -> ClosedRange<Int64> {
        let year = CivilDate(daysSinceEpoch: floorDivide(now, 86_400)).year
        let start = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch * 86_400
        let end = CivilDate(year: year + years + 1, month: 1, day: 1).daysSinceEpoch * 86_400 - 1
        return start...end
    }

    /// `OnCalendar=` lines that elapse exactly at `instants` (UTC), one line per month and
    /// time of day: `2026-11-01..05,07 07:00:00 UTC`.
    package static func absoluteLines(_ instants: [Int64]) -> [String] {
        struct MonthKey: Hashable, Comparable {
            var year: Int, month: Int, time: Int64
            static func < (a: MonthKey, b: MonthKey) -> Bool { (a.year, a.month, a.time) < (b.year, b.month, b.time) }
        }
        var days: [MonthKey: Set<Int>] = [:]
        for instant in instants {
            let date = CivilDate(daysSinceEpoch: floorDivide(instant, 86_400))
            let key = MonthKey(year: date.year, month: date.month, time: instant - floorDivide(instant, 86_400) * 86_400)
            days[key, default: []].insert(date.day)
        }
        return days.keys.sorted().map { key in
            let clock = ZonedTimeFormat.clock(key.time, withSeconds: true)
            return "\(pad4(key.year))-\(pad2(key.month))-\(dayList(days[key] ?? [])) \(clock) UTC"
        }
    }

    /// `01..05,07`: consecutive days as ranges, systemd's component syntax.
    static func dayList(_ days: Set<Int>) -> String {
        ConsecutiveRuns.text(days.sorted(), rangeSeparator: "..", joiner: ",", minimum: 2, name: pad2)
    }
}
