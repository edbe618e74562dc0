/// The generator's choice of style, made without asking systemd.
///
/// The generator runs at every login and reload and starts no process, so it cannot ask
/// `systemd-analyze` as `install` does. And systemd's failures near a DST change cannot be
/// predicted exactly (252 finds no elapse for Pacific/Chatham's 02:45 from the day before the
/// September change: "Resource deadlock avoided"). So the rule is conservative: a plan any of
/// whose wall times (deliveries and refreshes) comes within an hour of a change of the zone's
/// offset gets the absolute style, which needs no calendar arithmetic in the zone.
extension TimerSchedule {
    /// How close to a change of offset, in wall-clock seconds, a line of the calendar style may come.
    static let transitionMargin: Int64 = 3600

    /// How many years ahead the rule looks for changes of offset.
    static let transitionYears: Int64 = 5

    /// The years after this one that the generator's absolute lines cover.
    ///
    /// One is enough, as the generator runs again at every login, reload and config edit, and
    /// its renewal timer reloads every 1 January; each year listed costs the run about 10
    /// million instructions (the planner resolves every day).
    static let generatorHorizonYears = 1

    /// The calendar style, unless a wall time of the plan comes near a change of offset in
    /// the zone from the start of this year through five years ahead; then the absolute style,
    /// through the end of next year.
    package static func generated(for planner: DeliveryPlanner, now: Int64) -> TimerSchedule {
        guard crowdsTransition(planner, now: now) else { return calendar(for: planner, now: now) }
        return absolute(for: planner, now: now, years: generatorHorizonYears)
    }

    /// Whether a wall time of the plan falls within ``transitionMargin`` of the wall-clock
    /// span a change of offset skips or repeats.
    static func crowdsTransition(_ planner: DeliveryPlanner, now: Int64) -> Bool {
        let slots = planner.rules.filter { !$0.weekdays.isEmpty }
        let times = Set((slots + refreshPlanner(for: planner).rules).map(\.secondsIntoDay))
        let start = TimerCalendar.absoluteHorizon(now: now).lowerBound
        let changes = planner.zone.offsetChanges(from: start, through: now + transitionYears * 366 * 86_400)
        return changes.contains { change in
            // The clock readings just before and at the change, as local seconds since the epoch.
            let before = change.at + change.before.utcOffset
            let after = change.at + change.after.utcOffset
            let low = min(before, after) - transitionMargin
            let high = max(before, after) + transitionMargin
            return times.contains { time in
                // The first occurrence of `time` at or after `low`.
                let day = floorDivide(low - time + 86_399, 86_400)
                return day * 86_400 + time <= high
            }
        }
    }
}
