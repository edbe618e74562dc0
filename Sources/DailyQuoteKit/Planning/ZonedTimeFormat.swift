/// Formats instants in a zone: ISO 8601 with offset, UTC, and a short human form.
package struct ZonedTimeFormat: Sendable {
    package var zone: ZoneRules

    package init(zone: ZoneRules) {
        self.zone = zone
    }

    /// `2026-03-29T03:00:00+02:00`.
    package func iso8601(_ instant: Int64) -> String {
        let (day, seconds) = zone.wallTime(at: instant)
        return "\(day)T\(Self.clock(seconds, withSeconds: true))\(zone.localTimeType(at: instant).isoOffset)"
    }

    /// `2026-03-29T01:00:00Z`.
    package static func utc(_ instant: Int64) -> String {
        let days = floorDivide(instant, 86_400)
        return "\(CivilDate(daysSinceEpoch: days))T\(clock(instant - days * 86_400, withSeconds: true))Z"
    }

    /// `Sun 2026-03-29 03:00 CEST` (seconds shown only when not zero).
    package func display(_ instant: Int64) -> String {
        let (day, seconds) = zone.wallTime(at: instant)
        let clock = Self.clock(seconds, withSeconds: seconds % 60 != 0)
        return "\(day.weekday.shortName) \(day) \(clock) \(zone.localTimeType(at: instant).abbreviation)"
    }

    /// `HH:MM` or `HH:MM:SS` for seconds into a day.
    static func clock(_ seconds: Int64, withSeconds: Bool) -> String {
        let text = "\(pad2(Int(seconds / 3600))):\(pad2(Int(seconds % 3600 / 60)))"
        return withSeconds ? text + ":\(pad2(Int(seconds % 60)))" : text
    }

    /// How far `to` lies from `from`: `in 2d 4h`, `in 3h 5m`, `in 12m`, `in 40s`, `now`, `2h 5m ago`.
    package static func relative(from: Int64, to: Int64) -> String {
        relative(to - from, tr: .english)
    }

    /// `relative(from:to:)` for a distance of `delta` seconds, in `tr`'s language (`dans 3 h 5 min`).
    package static func relative(_ delta: Int64, tr: Translator) -> String {
        // TRANSLATORS: a time span of zero, where status and notify say how far away an instant is.
        if delta == 0 { return tr("now") }
        let magnitude = abs(delta)
        let (d, h, m, s) = (magnitude / 86_400, magnitude % 86_400 / 3600, magnitude % 3600 / 60, magnitude % 60)
        // TRANSLATORS: units of a short time span: days, hours, minutes, seconds ("2d", "3h", "5m", "40s").
        let (days, hours, minutes, seconds) = (tr("%sd", String(d)), tr("%sh", String(h)), tr("%sm", String(m)), tr("%ss", String(s)))
        // Two units are joined by a space in every language ("2d 4h"; French "2 j 4 h").
        let pair = { (larger: String, smaller: String) in larger + " " + smaller }
        let text: String
        if d > 0 {
            text = h > 0 ? pair(days, hours) : days
        } else if h > 0 {
            text = m > 0 ? pair(hours, minutes) : hours
        } else if m > 0 {
            text = minutes
        } else {
            text = seconds
        }
        // TRANSLATORS: how far away an instant is: in the future ("in 3h 5m"), or in the past ("3h 5m ago").
        return delta > 0 ? tr("in %s", text) : tr("%s ago", text)
    }
}
