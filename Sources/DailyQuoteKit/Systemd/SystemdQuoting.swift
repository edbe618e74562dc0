import FoundationEssentials

/// Quoting for a word on an `ExecStart=` line.
enum SystemdQuoting {
    /// `word` as systemd reads it back: specifiers (`%`) and variables (`$`) doubled, and
    /// double quotes with C escapes around anything with spaces, quotes or backslashes.
    static func quote(_ word: String) -> String {
        let literal = word.replacing("%", with: "%%").replacing("$", with: "$$")
        let needsQuotes =
            literal.isEmpty || literal.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "\\" || $0 == ";" })
        guard needsQuotes else { return literal }
        var quoted = "\""
        for character in literal {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\t": quoted += "\\t"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
