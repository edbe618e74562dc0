/// When deliveries happen, in local wall-clock terms: a time of day on a set of weekdays.
public struct DeliveryRule: Sendable, Codable, Equatable, Hashable {
    public var hour: Int
    public var minute: Int
    public var weekdays: WeekdaySet

    public init(hour: Int, minute: Int, weekdays: WeekdaySet = .everyDay) {
        self.hour = hour
        self.minute = minute
        self.weekdays = weekdays
    }

    /// Seconds from local midnight to the delivery time.
    public var secondsIntoDay: Int64 { Int64(hour * 3600 + minute * 60) }

    /// `08:00`.
    public var timeText: String { "\(pad2(hour)):\(pad2(minute))" }

    /// `every day at 08:00`, `Mon-Fri at 07:30`.
    public var summary: String { "\(weekdays.summary) at \(timeText)" }
}
