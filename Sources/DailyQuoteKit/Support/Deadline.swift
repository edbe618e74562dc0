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

    /// `seconds` from now.
    package static func after(seconds: Int64) -> Self { .now + .seconds(seconds) }
}
