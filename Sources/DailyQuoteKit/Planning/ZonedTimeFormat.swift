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
        let delta = to - from
        if delta == 0 { return "now" }
        let magnitude = abs(delta)
        let (d, h, m, s) = (magnitude / 86_400, magnitude % 86_400 / 3600, magnitude % 3600 / 60, magnitude % 60)
        let text: String
        if d > 0 {
            text = h > 0 ? "\(d)d \(h)h" : "\(d)d"
        } else if h > 0 {
            text = m > 0 ? "\(h)h \(m)m" : "\(h)h"
        } else if m > 0 {
            text = "\(m)m"
        } else {
            text = "\(s)s"
        }
        return delta > 0 ? "in \(text)" : "\(text) ago"
    }
}
