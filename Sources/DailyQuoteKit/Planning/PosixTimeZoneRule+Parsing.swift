extension PosixTimeZoneRule {
    /// Parses a POSIX TZ string; returns nil if it is malformed.
    package init?(parsing text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let stdName = scanner.name(), let stdOffset = scanner.signedTime() else { return nil }
        standard = LocalTimeType(utcOffset: -stdOffset, isDaylightSaving: false, abbreviation: stdName)
        guard !scanner.isAtEnd else {
            daylight = nil
            start = nil
            end = nil
            return
        }
        guard let dstName = scanner.name() else { return nil }
        var dstOffset = -stdOffset + 3600
        if let peek = scanner.peek, peek != UInt8(ascii: ",") {
            guard let explicit = scanner.signedTime() else { return nil }
            dstOffset = -explicit
        }
        daylight = LocalTimeType(utcOffset: dstOffset, isDaylightSaving: true, abbreviation: dstName)
        if scanner.isAtEnd {
            // POSIX leaves the default rule to the implementation; glibc uses the US rule.
            start = (.monthWeekDay(month: 3, week: 2, weekday: 0), 7200)
            end = (.monthWeekDay(month: 11, week: 1, weekday: 0), 7200)
            return
        }
        guard scanner.consume(","), let startRule = scanner.dateRule() else { return nil }
        let startTime = scanner.consume("/") ? scanner.signedTime() : 7200
        guard let startTime, scanner.consume(","), let endRule = scanner.dateRule() else { return nil }
        let endTime = scanner.consume("/") ? scanner.signedTime() : 7200
        guard let endTime, scanner.isAtEnd else { return nil }
        start = (startRule, startTime)
        end = (endRule, endTime)
    }
}

/// A byte cursor over a TZ string.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }
    var peek: UInt8? { isAtEnd ? nil : bytes[index] }

    mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or anything in angle brackets.
    mutating func name() -> String? {
        if consume("<") {
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            let name = String(decoding: bytes[index..<close], as: UTF8.self)
            index = close + 1
            return name.count >= 3 ? name : nil
        }
        let startIndex = index
        while let c = peek, (c >= 65 && c <= 90) || (c >= 97 && c <= 122) { index += 1 }
        return index - startIndex >= 3 ? String(decoding: bytes[startIndex..<index], as: UTF8.self) : nil
    }

    mutating func number(maxDigits: Int = 3) -> Int? {
        let startIndex = index
        var value = 0
        while let c = peek, c >= 48, c <= 57, index - startIndex < maxDigits {
            value = value * 10 + Int(c - 48)
            index += 1
        }
        return index > startIndex ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (hours up to 167, as RFC 8536 allows).
    mutating func signedTime() -> Int64? {
        var sign: Int64 = 1
        if consume("-") { sign = -1 } else { _ = consume("+") }
        guard let hours = number(), hours <= 167 else { return nil }
        var seconds = Int64(hours) * 3600
        if consume(":") {
            guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
            seconds += Int64(minutes) * 60
            if consume(":") {
                guard let secs = number(maxDigits: 2), secs < 60 else { return nil }
                seconds += Int64(secs)
            }
        }
        return sign * seconds
    }

    mutating func dateRule() -> PosixTimeZoneRule.DateRule? {
        if consume("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            return .julianNoLeap(n)
        }
        if consume("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), consume("."),
                let week = number(maxDigits: 1), (1...5).contains(week), consume("."),
                let weekday = number(maxDigits: 1), (0...6).contains(weekday)
            else { return nil }
            return .monthWeekDay(month: month, week: week, weekday: weekday)
        }
        guard let n = number(), (0...365).contains(n) else { return nil }
        return .zeroBased(n)
    }
}
