/// The `OnCalendar=` lines of the notify timer for a plan.
///
/// systemd's calendar skips a day whose time falls into a DST gap (02:30 in Europe/Berlin on
/// the last Sunday of March), while the planner delivers at the end of the gap. So besides the
/// rule's own line, there is one line per distinct gap end that a selected day can fall into:
/// the local time the clocks jump to, on the weekdays it happens. On other days those lines
/// fire harmlessly, after that day's delivery (`notify` is idempotent), or retry a failed one.
///
/// A plan with several slots gets each slot's lines, in config order, without duplicates.
package enum TimerCalendar {
    /// The lines for `planner`, looking `years` ahead from `start` for gap patterns.
    ///
    /// Rules in the tz database recur yearly, so a few years show every pattern the zone has.
    package static func onCalendarLines(for planner: DeliveryPlanner, from start: Int64, years: Int = 5) -> [String] {
        var lines: [String] = []
        for rule in planner.rules where !rule.weekdays.isEmpty {
            for line in onCalendarLines(for: rule, zone: planner.zone, from: start, years: years) where !lines.contains(line) {
                lines.append(line)
            }
        }
        return lines
    }

    /// The lines of one slot.
    static func onCalendarLines(for rule: DeliveryRule, zone rules: ZoneRules, from start: Int64, years: Int) -> [String] {
        let zone = zoneSuffix(rules)
        var lines = [calendarLine(days: rule.weekdays, time: rule.secondsIntoDay, zone: zone)]
        var gapEnds: [Int64: Set<Weekday>] = [:]
        let horizon = start + Int64(years) * 366 * 86_400
        for change in rules.offsetChanges(from: start, through: horizon)
        where change.after.utcOffset > change.before.utcOffset {
            // The planned day whose delivery time falls into this gap, if any.
            let gapStart = change.at + change.before.utcOffset
            let gapEnd = change.at + change.after.utcOffset
            for dayOffset in [-1, 0, 1] {
                let day = floorDivide(gapStart, 86_400) + Int64(dayOffset)
                let wall = day * 86_400 + rule.secondsIntoDay
                let date = CivilDate(daysSinceEpoch: day)
                guard wall >= gapStart, wall < gapEnd, rule.weekdays.contains(date.weekday) else { continue }
                let (jumpDay, jumpTime) = rules.wallTime(at: change.at)
                gapEnds[jumpTime, default: []].insert(jumpDay.weekday)
            }
        }
        for (time, days) in gapEnds.sorted(by: { $0.key < $1.key }) {
            lines.append(calendarLine(days: WeekdaySet(days), time: time, zone: zone))
        }
        return lines
    }

    /// `Mon..Fri *-*-* 08:00:00 Europe/Berlin`.
    static func calendarLine(days: WeekdaySet, time: Int64, zone: String) -> String {
        let clock = ZonedTimeFormat.clock(time, withSeconds: true)
        return [weekdayExpression(days), "*-*-*", clock, zone].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `Mon..Fri`, `Mon,Wed,Fri`, `Sat,Sun`, or empty for every day (systemd's syntax).
    static func weekdayExpression(_ days: WeekdaySet) -> String {
        if days == .everyDay { return "" }
        return days.compactText(rangeSeparator: "..", joiner: ",")
    }

    /// The zone as systemd takes it: an IANA name, or nothing (the system's local time) for a
    /// zone that has no name in the database.
    static func zoneSuffix(_ zone: ZoneRules) -> String {
        TimeZoneDatabase.isPlausibleName(zone.identifier) && zone.identifier != "localtime" ? zone.identifier : ""
    }
}
