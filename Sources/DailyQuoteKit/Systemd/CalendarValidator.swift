import DailyQuoteSystem

/// Asks the installed systemd whether it can compute elapses for `OnCalendar=` lines.
///
/// This is the authority that matters: the lines must work for the systemd that runs them,
/// and its limits (see ``TimerCalendar/absoluteLines(_:)``) change between versions.
package struct CalendarValidator: Sendable {
    package var subprocess: Subprocess
    /// How long systemd has to answer.
    package var timeout: Duration

    package init(subprocess: Subprocess, timeout: Duration = .seconds(30)) {
        self.subprocess = subprocess
        self.timeout = timeout
    }

    /// Enough daily iterations to cross every DST change of a year.
    static let iterations = 400

    /// systemd's complaint about `lines`, or nil if it accepts them all (or is not installed,
    /// or gives no answer in time: in either case nobody disagrees with the calendar style).
    package func rejection(of lines: [String]) -> String? {
        guard subprocess.exists("systemd-analyze") else { return nil }
        let output = subprocess.run("systemd-analyze", ["calendar", "--iterations=\(Self.iterations)"] + lines, timeout: timeout)
        // Only systemd's own answer rejects: on a busy machine the 400 iterations of a few slots
        // took 12 s (measured beside the test suite under stress-ng), and a run killed at the
        // timeout once made install write absolute lines that needed no fallback.
        guard let status = output.status else { return nil }
        return status == 0 ? nil : output.gist
    }

    /// The calendar-style schedule if systemd accepts it, else the absolute one, with the reason.
    package func schedule(for planner: DeliveryPlanner, now: Int64) -> (schedule: TimerSchedule, reason: String?) {
        let calendar = TimerSchedule.calendar(for: planner, now: now)
        guard let reason = rejection(of: calendar.notify + calendar.refresh) else { return (calendar, nil) }
        return (TimerSchedule.absolute(for: planner, now: now), reason)
    }
}
