/// Reads the timestamps users type for `--from`.
///
/// Accepted: ISO 8601 with an offset or `Z` (`2026-03-29T00:30:00+01:00`, seconds optional),
/// and a local time `YYYY-MM-DD HH:MM[:SS]` (or with `T`) read in the given zone, resolved
/// like a delivery time: a repeated time means its first occurrence, a skipped time the end
/// of the gap. A bare `YYYY-MM-DD` means local midnight.
package enum TimestampParser {
    /// The Unix time `text` denotes in `zone`, or nil if it is not one of the accepted forms.
    package static func parse(_ text: String, zone: ZoneRules) -> Int64? {
        let chars = Array(text.trimmingWhitespace().utf8)
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= chars.count else { return nil }
            var value = 0
            for c in chars[index..<(index + count)] {
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            index += count
            return value
        }
        func consume(_ c: Unicode.Scalar) -> Bool {
            guard index < chars.count, chars[index] == UInt8(ascii: c) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), consume("-"), let month = digits(2), consume("-"), let day = digits(2) else {
            return nil
        }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        var seconds: Int64 = 0
        if index < chars.count {
            guard consume("T") || consume(" ") || consume("t"), let hour = digits(2), hour < 24, consume(":"),
                let minute = digits(2), minute < 60
            else { return nil }
            var second = 0
            if consume(":") {
                guard let s = digits(2), s < 60 else { return nil }
                second = s
            }
            seconds = Int64(hour * 3600 + minute * 60 + second)
        }
        let wall = date.daysSinceEpoch * 86_400 + seconds
        if index == chars.count {
            return zone.resolve(wallTime: wall).instant
        }
        if consume("Z") || consume("z") {
            return index == chars.count ? wall : nil
        }
        let sign: Int64
        if consume("+") { sign = 1 } else if consume("-") { sign = -1 } else { return nil }
        guard let offsetHours = digits(2), offsetHours <= 23 else { return nil }
        _ = consume(":")
        let offsetMinutes = index < chars.count ? digits(2) : 0
        guard let offsetMinutes, offsetMinutes < 60, index == chars.count else { return nil }
        return wall - sign * Int64(offsetHours * 3600 + offsetMinutes * 60)
    }
}
