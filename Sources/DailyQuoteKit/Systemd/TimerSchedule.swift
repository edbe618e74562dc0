/// The `OnCalendar=` lines of both timers, in one of two styles.
///
/// The calendar style follows the rule in its zone (`Mon..Fri *-*-* 08:00:00 Europe/Berlin`,
/// plus DST-gap lines) and never runs out. The absolute style lists the planned instants in
/// UTC over a horizon; `install` uses it only where systemd cannot compute the calendar style.
public struct TimerSchedule: Sendable, Equatable {
    /// How the lines express the plan.
    public enum Style: String, Sendable, Codable, Equatable {
        case calendar
        case absolute
    }

    public var style: Style
    /// The notify timer's lines.
    public var notify: [String]
    /// The refresh timer's lines: the same plan, `refresh.lead` earlier.
    public var refresh: [String]
    /// For the absolute style, the last instant the lines cover.
    public var horizonEnd: Int64?

    public init(style: Style, notify: [String], refresh: [String], horizonEnd: Int64? = nil) {
        self.style = style
        self.notify = notify
        self.refresh = refresh
        self.horizonEnd = horizonEnd
    }

    /// The calendar style for `planner`, with gap lines found from `now` on.
    public static func calendar(for planner: DeliveryPlanner, now: Int64) -> TimerSchedule {
        TimerSchedule(
            style: .calendar,
            notify: TimerCalendar.onCalendarLines(for: planner, from: now),
            refresh: TimerCalendar.onCalendarLines(for: refreshPlanner(for: planner), from: now))
    }

    /// The absolute style for `planner`, covering the whole years of ``TimerCalendar/absoluteHorizon(now:years:)``.
    public static func absolute(for planner: DeliveryPlanner, now: Int64) -> TimerSchedule {
        let horizon = TimerCalendar.absoluteHorizon(now: now)
        let days = Int((horizon.upperBound - horizon.lowerBound) / 86_400) + 2
        let deliveries = planner.deliveries(from: horizon.lowerBound, count: days).filter { $0.at <= horizon.upperBound }
        return TimerSchedule(
            style: .absolute,
            notify: TimerCalendar.absoluteLines(deliveries.map(\.at)),
            refresh: TimerCalendar.absoluteLines(deliveries.map(\.refreshAt)),
            horizonEnd: horizon.upperBound)
    }

    /// A planner whose deliveries fall `refreshLead` before `planner`'s, in local time: a
    /// delivery at 00:15 with a 45-minute lead refreshes at 23:30 the day before.
    static func refreshPlanner(for planner: DeliveryPlanner) -> DeliveryPlanner {
        var seconds = planner.rule.secondsIntoDay - planner.refreshLead
        var weekdays = planner.rule.weekdays
        if seconds < 0 {
            seconds += 86_400
            weekdays = WeekdaySet(weekdays.days.map { Weekday(rawValue: $0.rawValue == 1 ? 7 : $0.rawValue - 1) ?? $0 })
        }
        let rule = DeliveryRule(hour: Int(seconds / 3600), minute: Int(seconds % 3600 / 60), weekdays: weekdays)
        return DeliveryPlanner(rule: rule, zone: planner.zone, refreshLead: 0)
    }
}
