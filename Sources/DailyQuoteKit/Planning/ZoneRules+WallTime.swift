extension ZoneRules {
    /// The instant a local wall time denotes under the planner's rule.
    ///
    /// `wall` is seconds since 1970-01-01T00:00 local time. A time that occurs twice resolves
    /// to its earlier occurrence; a time inside a DST gap resolves to the end of the gap (the
    /// moment the clocks jump), with `insideGap` set; `repeated` says the time occurs twice.
    package func resolve(wallTime wall: Int64) -> (instant: Int64, insideGap: Bool, repeated: Bool) {
        // Offsets never exceed 26 hours, so three days either side hold every relevant change.
        let changes = offsetChanges(from: wall - 3 * 86_400, through: wall + 3 * 86_400)
        var offsets = Set([utcOffset(at: wall - 3 * 86_400)])
        offsets.formUnion(changes.map(\.after.utcOffset))
        let occurrences = offsets.map { wall - $0 }.filter { utcOffset(at: $0) == wall - $0 }
        if let earliest = occurrences.min() {
            return (earliest, false, occurrences.count > 1)
        }
        let gap = changes.first { $0.at + $0.before.utcOffset <= wall && wall < $0.at + $0.after.utcOffset }
        return (gap?.at ?? (wall - utcOffset(at: wall)), true, false)
    }

    /// The local date and seconds into the day at `instant`.
    package func wallTime(at instant: Int64) -> (day: CivilDate, secondsIntoDay: Int64) {
        let local = instant + utcOffset(at: instant)
        let days = floorDivide(local, 86_400)
        return (CivilDate(daysSinceEpoch: days), local - days * 86_400)
    }
}
