import DailyQuoteSystem

/// Asks the installed systemd whether it can compute elapses for `OnCalendar=` lines.
///
/// This is the authority that matters: the lines must work for the systemd that runs them,
/// and its limits (see ``TimerCalendar/absoluteLines(_:)``) change between versions.
package struct CalendarValidator: Sendable {
    package var subprocess: Subprocess

    package init(subprocess: Subprocess) {
        self.subprocess = subprocess
    }

    /// Enough daily iterations to cross every DST change of a year.
    static let iterations = 400

    /// systemd's complaint about `lines`, or nil if it accepts them all (or is not installed,
    /// in which case there is nobody to disagree with the calendar style).
    package func rejection(of lines: [String]) -> String? {
        guard subprocess.exists("systemd-analyze") else { return nil }
        let output = subprocess.run("systemd-analyze", ["calendar", "--iterations=\(Self.iterations)"] + lines, timeout: .seconds(30))
        return output.status == 0 ? nil : output.gist
    }

    /// The calendar-style schedule if systemd accepts it, else the absolute one, with the reason.
    package func schedule(for planner: DeliveryPlanner, now: Int64) -> (schedule: TimerSchedule, reason: String?) {
        let calendar = TimerSchedule.calendar(for: planner, now: now)
        guard let reason = rejection(of: calendar.notify + calendar.refresh) else { return (calendar, nil) }
        return (TimerSchedule.absolute(for: planner, now: now), reason)
    }
}
