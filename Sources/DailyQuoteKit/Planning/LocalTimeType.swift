/// One kind of local time a zone uses: its offset from UTC, whether it is daylight saving
/// time, and its abbreviation (`CEST`, `+0545`).
package struct LocalTimeType: Sendable, Codable, Equatable, Hashable {
    /// Seconds east of UTC.
    package var utcOffset: Int64
    package var isDaylightSaving: Bool
    package var abbreviation: String

    /// The offset as ISO 8601 writes it: `+02:00`, `-03:30`, `+05:45`, `+00:00`.
    package var isoOffset: String {
        let sign = utcOffset < 0 ? "-" : "+"
        let total = abs(utcOffset)
        var text = "\(sign)\(pad2(Int(total / 3600))):\(pad2(Int(total % 3600 / 60)))"
        if total % 60 != 0 { text += ":\(pad2(Int(total % 60)))" }
        return text
    }
}
