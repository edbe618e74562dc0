/// Finds control characters in config text, which TOML forbids and toml++ mishandles.
///
/// toml++ reads the text as a C string, so everything after a NUL was silently ignored: a file
/// of NULs (common after a crash) passed as the defaults, and `hour = 99` after a NUL line was
/// never seen. Every C0 control character but tab, line feed and carriage return, and DEL, is
/// refused before the text reaches the parser.
enum ConfigControlCharacters {
    /// The first forbidden character: its 1-based line and column (in Unicode scalars) and the scalar.
    static func first(in text: String) -> (line: Int, column: Int, scalar: Unicode.Scalar)? {
        var line = 1
        var column = 0
        for scalar in text.unicodeScalars {
            column += 1
            switch scalar.value {
            case 0x0A:
                line += 1
                column = 0
            case 0x09, 0x0D:
                continue
            case 0x00...0x1F, 0x7F:
                return (line, column, scalar)
            default:
                continue
            }
        }
        return nil
    }

    /// The first NUL written as an escape (`\u0000`, `\U00000000`): its 1-based line and column.
    ///
    /// TOML allows it in a string, but toml++ hands strings over as C strings, so the value
    /// would end there without a word (a title cut short). It is refused like a raw NUL.
    static func firstEscapedNUL(in text: String) -> (line: Int, column: Int)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            var position = 0
            while position < scalars.count {
                guard scalars[position] == "\\" else {
                    position += 1
                    continue
                }
                // An escaped backslash (`\\`) is one character: skip both.
                guard position + 1 < scalars.count else { break }
                let next = scalars[position + 1]
                if next == "u" || next == "U" {
                    let digits = next == "u" ? 4 : 8
                    let end = position + 2 + digits
                    if end <= scalars.count, scalars[(position + 2)..<end].allSatisfy({ $0 == "0" }) {
                        return (index + 1, position + 1)
                    }
                }
                position += 2
            }
        }
        return nil
    }

    /// `U+0000 (NUL)`: the code point and, for the usual suspects, its name.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let names: [UInt32: String] = [
            0x00: "NUL", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed", 0x1B: "escape", 0x7F: "DEL",
        ]
        return names[scalar.value].map { "\(code) (\($0))" } ?? code
    }
}
