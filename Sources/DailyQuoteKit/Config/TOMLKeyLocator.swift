/// Finds the line on which a key or table is written in TOML text.
///
/// TOMLKit does not report where a value came from, so this scans the text: table headers
/// (`[delivery]`, `[[source]]`, the second of which is `source[2]`) set the current table, and
/// `key =` lines are recorded under it.
/// It covers the way config files are written by hand; a key it cannot place has no line.
///
/// Only an error asks for a line, so the text is scanned then, not when the config is read.
struct TOMLKeyLocator: Sendable {
    private let text: String

    init(text: String) {
        self.text = text
    }

    /// The line of `keyPath` (`delivery.hour`), if the scan finds it.
    func line(of keyPath: String) -> Int? { lines()[keyPath] }

    /// The key path written on `line`, if a `key =` line or a table header stands there.
    func key(onLine line: Int) -> String? {
        lines().filter { $0.value == line }.keys.max { $0.count < $1.count }
    }

    /// Every key path and table found, with the line it is first written on.
    private func lines() -> [String: Int] {
        var lines: [String: Int] = [:]
        var table = ""
        var lineNumber = 0
        var counts: [String: Int] = [:]
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                let inner = line.drop { $0 == "[" }.prefix { $0 != "]" }
                table = Self.normalise(inner)
                if lines[table] == nil { lines[table] = lineNumber }
                if line.hasPrefix("[[") {
                    // Array-of-tables entries are named as the parser names them: `source[2]`.
                    let count = counts[table, default: 0] + 1
                    counts[table] = count
                    table += "[\(count)]"
                    lines[table] = lineNumber
                }
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = Self.normalise(line[..<equals])
                guard !key.isEmpty else { continue }
                let path = table.isEmpty ? key : "\(table).\(key)"
                if lines[path] == nil { lines[path] = lineNumber }
            }
        }
        return lines
    }

    /// `"time zone" . x` becomes `time zone.x`: quotes and blanks around dots removed.
    private static func normalise(_ text: Substring) -> String {
        text.split(separator: ".").map { part in
            Substring(part.trimmingSpaces()).trimmingQuotes()
        }.joined(separator: ".")
    }
}

extension Substring {
    fileprivate func trimmingQuotes() -> String {
        if count >= 2, let first, first == "\"" || first == "'", last == first {
            return String(dropFirst().dropLast())
        }
        return String(self)
    }
}
