import Foundation

/// Times of day read from the real clock: a delivery time just behind or ahead of now, for the tests that wait for one.
public enum WallClock {
    /// The UTC hour and minute `offset` seconds from now.
    public static func utcTime(offsetBy offset: TimeInterval) -> (hour: Int, minute: Int) {
        // UTC has no leap seconds in Unix time: every day is 86,400 s.
        let seconds = Int((Date().timeIntervalSince1970 + offset).rounded(.down))
        return (seconds / 3600 % 24, seconds / 60 % 60)
    }
}
