/// A proleptic Gregorian calendar date with no time zone attached.
///
/// Conversions use Howard Hinnant's `days_from_civil` algorithms, so they need no
/// calendar object and do no I/O.
package struct CivilDate: Sendable, Codable, Equatable, Hashable, Comparable {
    package var year: Int
    package var month: Int
    package var day: Int
}

// The conversions live in an extension, so the struct keeps its memberwise initialiser.
extension CivilDate {
    /// The date `days` days after 1970-01-01.
    package init(daysSinceEpoch days: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), month: Int(m), day: Int(d))
    }

    /// Days from 1970-01-01 to this date (negative before it).
    package var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let m = Int64(month)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day of the week of this date.
    package var weekday: Weekday { Weekday(daysSinceEpoch: daysSinceEpoch) }

    /// Whether `year` has a 29 February.
    package static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month of a year.
    package static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether the fields name a real date.
    package var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.daysInMonth(month, year: year)
    }

    package static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension CivilDate: CustomStringConvertible {
    /// The date as `YYYY-MM-DD`.
    package var description: String {
        "\(pad4(year))-\(pad2(month))-\(pad2(day))"
    }
}

/// A non-negative number zero-padded to two digits.
func pad2(_ value: Int) -> String {
    value < 10 && value >= 0 ? "0\(value)" : "\(value)"
}

/// A year zero-padded to four digits.
func pad4(_ value: Int) -> String {
    let digits = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// Integer division rounding toward negative infinity.
@inline(__always)
func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
