/// The `OnCalendar=` lines of both timers, in one of two styles.
///
/// The calendar style follows the rule in its zone (`Mon..Fri *-*-* 08:00:00 Europe/Berlin`,
/// plus DST-gap lines) and never runs out. The absolute style lists the planned instants in
/// UTC over a horizon; `install` uses it only where systemd cannot compute the calendar style.
package struct TimerSchedule: Sendable, Equatable {
    /// How the lines express the plan.
    package enum Style: String, Sendable, Codable, Equatable {
        case calendar
        case absolute
    }

    package var style: Style
    /// The notify timer's lines.
    package var notify: [String]
    /// The refresh timer's lines: the same plan, `refresh.lead` earlier.
    package var refresh: [String]
    /// For the absolute style, the last instant the lines cover.
    package var horizonEnd: Int64?

    package init(style: Style, notify: [String], refresh: [String], horizonEnd: Int64? = nil) {
        self.style = style
        self.notify = notify
        self.refresh = refresh
        self.horizonEnd = horizonEnd
    }

    /// The calendar style for `planner`, with gap lines found from `now` on.
    package static func calendar(for planner: DeliveryPlanner, now: Int64) -> TimerSchedule {
        TimerSchedule(
            style: .calendar,
            notify: TimerCalendar.onCalendarLines(for: planner, from: now),
            refresh: TimerCalendar.onCalendarLines(for: refreshPlanner(for: planner), from: now))
    }

    /// The absolute style for `planner`, covering the whole years of ``TimerCalendar/absoluteHorizon(now:years:)``.
    package static func absolute(for planner: DeliveryPlanner, now: Int64, years: Int = 3) -> TimerSchedule {
        let horizon = TimerCalendar.absoluteHorizon(now: now, years: years)
        let days = Int((horizon.upperBound - horizon.lowerBound) / 86_400) + 2
        let deliveries = planner.deliveries(from: horizon.lowerBound, count: days * max(1, planner.rules.count)).filter {
            $0.at <= horizon.upperBound
        }
        return TimerSchedule(
            style: .absolute,
            notify: TimerCalendar.absoluteLines(deliveries.map(\.at)),
            refresh: TimerCalendar.absoluteLines(deliveries.map(\.refreshAt)),
            horizonEnd: horizon.upperBound)
    }

    /// A planner whose deliveries fall where `planner`'s refreshes do, in local time: a
    /// delivery at 00:15 with a 45-minute lead refreshes at 23:30 the day before.
    ///
    /// With several slots a refresh is never earlier than halfway between the previous slot
    /// and its own (the planner's rule), computed here on each weekday's wall times.
    static func refreshPlanner(for planner: DeliveryPlanner) -> DeliveryPlanner {
        // Each weekday's slot times, as seconds from that day's midnight.
        let slotTimes: [[Int64]] = Weekday.allCases.map { day in
            Set(planner.rules.filter { $0.weekdays.contains(day) }.map(\.secondsIntoDay)).sorted()
        }
        // Refresh times of day, each with the weekdays it falls on.
        var refreshes: [Int64: Set<Weekday>] = [:]
        for day in Weekday.allCases {
            let index = day.rawValue - 1
            for (position, time) in slotTimes[index].enumerated() {
                var previous: Int64?
                if position > 0 {
                    previous = slotTimes[index][position - 1]
                } else {
                    for back in 1...7 where previous == nil {
                        previous = slotTimes[(index - back + 7) % 7].last.map { $0 - Int64(back) * 86_400 }
                    }
                }
                let refresh = DeliveryPlanner.refreshInstant(for: time, lead: planner.refreshLead, previous: previous)
                let dayShift = Int(floorDivide(refresh, 86_400))
                let refreshDay = Weekday(rawValue: ((index + dayShift) % 7 + 7) % 7 + 1) ?? day
                refreshes[refresh - Int64(dayShift) * 86_400, default: []].insert(refreshDay)
            }
        }
        let rules = refreshes.sorted { $0.key < $1.key }.map { time, days in
            DeliveryRule(
                hour: Int(time / 3600), minute: Int(time % 3600 / 60), weekdays: WeekdaySet(days), second: Int(time % 60))
        }
        return DeliveryPlanner(rules: rules, zone: planner.zone, refreshLead: 0)
    }
}
