/// Rejects the inputs that make TOMLKit's bundled toml++ abort the process.
///
/// toml++ asserts (SIGABRT, even in release builds) in two places the fuzzer found: a table
/// header whose first key starts with a character that cannot start a key (`[#`, `[.]`, `[[#`,
/// a two-byte file), and a `}` where an array expects a value (`s = [1, }`). This scanner finds
/// both first and reports them like any other syntax error; everything else is left to the
/// real parser.
enum TOMLAbortGuard {
    /// The first such input: its 1-based line and what is wrong, or nil.
    static func firstProblem(in text: String) -> (line: Int, reason: String)? {
        let bytes = Array(text.utf8)
        // toml++ skips a byte-order mark, so the first header can follow one.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var statementStart = true
        var open: [UInt8] = []  // the brackets and braces of a value, which may span lines
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                if open.isEmpty { statementStart = true }
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                statementStart = false
                if at(1) == byte, at(2) == byte {
                    index += 3
                    while index < bytes.count, !(bytes[index] == byte && at(1) == byte && at(2) == byte) {
                        if bytes[index] == UInt8(ascii: "\\"), byte == UInt8(ascii: "\"") { index += 1 }
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                    index += 3
                } else {
                    index += 1
                    while index < bytes.count, bytes[index] != byte, bytes[index] != UInt8(ascii: "\n") {
                        if bytes[index] == UInt8(ascii: "\\"), byte == UInt8(ascii: "\"") { index += 1 }
                        index += 1
                    }
                    if index < bytes.count, bytes[index] == byte { index += 1 }
                }
            case UInt8(ascii: "[") where statementStart && open.isEmpty:
                index += 1
                if at(0) == UInt8(ascii: "[") { index += 1 }
                while let next = at(0), next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") { index += 1 }
                guard let next = at(0), canStartKey(next) else { return (line, "a table header must start with a key") }
                statementStart = false
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                statementStart = false
                open.append(byte)
                index += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener = byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                if let last = open.last, last != opener {
                    return (line, "'\(Character(Unicode.Scalar(byte)))' closes a '\(Character(Unicode.Scalar(last)))'")
                }
                _ = open.popLast()
                index += 1
            default:
                statementStart = false
                index += 1
            }
        }
        return nil
    }

    /// Whether `byte` may follow `[`: a bare-key character, a quote, or `]`.
    ///
    /// An empty header's `]` is reported by toml++ itself. A line end is not allowed: `[` alone
    /// on a line aborts too.
    private static func canStartKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"):
            true
        default: false
        }
    }
}
