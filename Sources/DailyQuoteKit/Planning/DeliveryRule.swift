/// When deliveries happen, in local wall-clock terms: a time of day on a set of weekdays.
///
/// A plan is one or more rules, one per `delivery.times` entry; each rule is a slot.
package struct DeliveryRule: Sendable, Codable, Equatable, Hashable {
    package var hour: Int
    package var minute: Int
    package var weekdays: WeekdaySet
    /// Seconds past the minute; zero for every configured time (only the refresh timer's
    /// computed rules use it).
    package var second: Int
    /// The slot's name: the `delivery.times` entry as written (`Mon..Fri 08:00`); nil for
    /// `hour`/`minute`, whose slot is named by ``timeText``.
    package var name: String?

    package init(hour: Int, minute: Int, weekdays: WeekdaySet = .everyDay, second: Int = 0, name: String? = nil) {
        self.hour = hour
        self.minute = minute
        self.weekdays = weekdays
        self.second = second
        self.name = name
    }

    /// Seconds from local midnight to the delivery time.
    package var secondsIntoDay: Int64 { Int64(hour * 3600 + minute * 60 + second) }

    /// `08:00`.
    package var timeText: String { "\(pad2(hour)):\(pad2(minute))" + (second == 0 ? "" : ":\(pad2(second))") }

    /// The slot's name as `schedule` shows it: the entry as written, or `08:00`.
    package var slotName: String { name ?? timeText }

    /// `every day at 08:00`, `Mon-Fri at 07:30`.
    package var summary: String { "\(weekdays.summary) at \(timeText)" }

    /// ``summary`` in `tr`'s language.
    package func summary(_ tr: Translator) -> String {
        // TRANSLATORS: the delivery rule: its days ("every day", "Mon-Fri") and its time ("08:00").
        tr("%1$s at %2$s", weekdays.summary(tr), timeText)
    }
}
