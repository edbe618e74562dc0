/// The one deadline type: an instant on the monotonic clock, set by the command and passed
/// down to every step under it (locks, D-Bus calls, the holder, the sources).
///
/// Wall-clock jumps (NTP, suspend) never shorten or stretch it.
package typealias Deadline = ContinuousClock.Instant

extension ContinuousClock.Instant {
    /// The seconds from now until this instant, 0 once it has passed: for C calls and the
    /// messages that want seconds.
    package var secondsLeft: Double {
        let left = self - .now
        return max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }

    /// The milliseconds from now until this instant, rounded up and at least 1: a D-Bus call's
    /// timeout (0 would mean GDBus's default of 25 s).
    package var millisecondsLeft: Int32 {
        max(1, Int32(clamping: Int64((secondsLeft * 1000).rounded(.up))))
    }

    /// `seconds` from now.
    package static func after(seconds: Int64) -> Self { .now + .seconds(seconds) }
}
