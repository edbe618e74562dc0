/// The complete rules of one time zone: a table of transitions plus, for instants after
/// the table, the POSIX TZ rule from the TZif footer (RFC 8536).
///
/// This is a value: it is loaded once (see ``TimeZoneDatabase``) and the planner only reads it.
/// It reads the system's tz database, the same data that systemd's `OnCalendar=` and
/// Python's `zoneinfo` use, so the three always agree on what a local time means.
package struct ZoneRules: Sendable, Equatable {
    /// The IANA name (`Europe/Berlin`), or a description where there is none.
    package var identifier: String
    /// Transition instants, ascending (Unix seconds).
    var transitionTimes: [Int64]
    /// For each transition, the index into `types` that starts at it.
    var transitionTypes: [Int]
    /// Local time types; index 0 applies before the first transition.
    var types: [LocalTimeType]
    /// The rule for instants after the last transition, if the file has one.
    var footer: PosixTimeZoneRule?

    /// Rules from already-validated parts: every entry of `transitionTypes` indexes `types`,
    /// and `types` is not empty.
    ///
    /// ``ZoneRules/init(tzif:identifier:)`` checks a file for this.
    init(
        identifier: String, transitionTimes: [Int64], transitionTypes: [Int], types: [LocalTimeType],
        footer: PosixTimeZoneRule?
    ) {
        self.identifier = identifier
        self.transitionTimes = transitionTimes
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
    }

    /// Whether `other` keeps the same time whatever its name (`UTC` and `Etc/UTC`, a link and its target).
    ///
    /// The tables are compared from 1970 on: files differ in how far back they go.
    package func keepsSameTime(as other: ZoneRules) -> Bool {
        if self == other { return true }
        let probe = stride(from: Int64(0), through: 4_102_444_800, by: 86_400 * 7)  // weekly, 1970 to 2100
        return probe.allSatisfy { localTimeType(at: $0).utcOffset == other.localTimeType(at: $0).utcOffset }
            && transitionTimes.filter { $0 >= 0 } == other.transitionTimes.filter { $0 >= 0 }
    }

    /// Coordinated Universal Time.
    package static let utc = ZoneRules(
        identifier: "UTC", transitionTimes: [], transitionTypes: [],
        types: [LocalTimeType(utcOffset: 0, isDaylightSaving: false, abbreviation: "UTC")], footer: nil)

    /// The local time type in effect at `instant` (Unix seconds).
    package func localTimeType(at instant: Int64) -> LocalTimeType {
        guard let last = transitionTimes.last, instant >= transitionTimes[0] else {
            if transitionTimes.isEmpty, let footer { return footer.localTimeType(at: instant) }
            return types[0]
        }
        if instant > last, let footer { return footer.localTimeType(at: instant) }
        // The last transition at or before `instant`.
        return types[transitionTypes[firstTransition(after: instant) - 1]]
    }

    /// The offset from UTC in seconds at `instant`.
    package func utcOffset(at instant: Int64) -> Int64 { localTimeType(at: instant).utcOffset }

    /// Every change of UTC offset in `lower ... upper`, in order.
    package func offsetChanges(from lower: Int64, through upper: Int64) -> [ZoneTransition] {
        var instants: [Int64] = []
        let first = firstTransition(after: lower - 1)
        instants += transitionTimes[first...].prefix { $0 <= upper }
        if let footer, upper >= (transitionTimes.last ?? .min) {
            let start = max(lower, transitionTimes.last.map { $0 + 1 } ?? lower)
            instants += footer.transitionInstants(from: start, through: upper)
        }
        return instants.compactMap { at in
            let before = localTimeType(at: at - 1)
            let after = localTimeType(at: at)
            return before.utcOffset == after.utcOffset
                ? nil : ZoneTransition(at: at, before: before, after: after)
        }
    }

    /// The index of the first transition later than `instant` (binary search).
    private func firstTransition(after instant: Int64) -> Int {
        var low = 0
        var high = transitionTimes.count
        while low < high {
            let mid = (low + high) / 2
            if transitionTimes[mid] <= instant { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
