import FoundationEssentials

/// A length of time written in the config as `Ns`, `Nm`, `Nh` or a combination (`1h30m`), or `0`.
package struct ConfigDuration: Sendable, Codable, Equatable, Hashable, Comparable, CustomStringConvertible {
    package var seconds: Int64

    package init(seconds: Int64) {
        self.seconds = seconds
    }

    package static func seconds(_ value: Int64) -> ConfigDuration { ConfigDuration(seconds: value) }
    package static func minutes(_ value: Int64) -> ConfigDuration { ConfigDuration(seconds: value * 60) }
    package static func hours(_ value: Int64) -> ConfigDuration { ConfigDuration(seconds: value * 3600) }

    /// Parses `1h30m`, `45m`, `20s`, `0`; units in the order h, m, s, each at most once.
    package init?(parsing text: String) {
        let trimmed = text.trimmingSpaces()
        if trimmed == "0" {
            seconds = 0
            return
        }
        var total: Int64 = 0
        var digits = ""
        var lastUnit = -1
        for character in trimmed {
            if let digit = character.wholeNumberValue, character.isASCII {
                digits.append(Character(String(digit)))
                guard digits.count <= 9 else { return nil }
                continue
            }
            let units: [Character: (order: Int, factor: Int64)] = ["h": (0, 3600), "m": (1, 60), "s": (2, 1)]
            guard let unit = units[character], let value = Int64(digits), unit.order > lastUnit else { return nil }
            total += value * unit.factor
            lastUnit = unit.order
            digits = ""
        }
        guard digits.isEmpty, lastUnit >= 0 else { return nil }
        seconds = total
    }

    /// The canonical form: `1h30m`, `45m`, `20s`, `0`.
    package var description: String {
        if seconds == 0 { return "0" }
        var text = ""
        let h = seconds / 3600
        let m = seconds % 3600 / 60
        let s = seconds % 60
        if h > 0 { text += "\(h)h" }
        if m > 0 { text += "\(m)m" }
        if s > 0 { text += "\(s)s" }
        return text
    }

    package static func < (lhs: ConfigDuration, rhs: ConfigDuration) -> Bool { lhs.seconds < rhs.seconds }
}
