import FoundationEssentials

/// The user's config text with `enabled = false` under `[delivery]`, everything else kept: the
/// comments, the other keys, their order and spacing.
///
/// It edits the `[delivery]` table's `enabled` line (or the root's `delivery.enabled`) in place,
/// else adds the line right under the `[delivery]` header, else appends the table. The result is
/// checked by parsing both texts: it must read as the same config with delivery off, or there
/// is no edit (an inline `delivery = { … }` table, a file that does not parse).
package struct DeliveryDisabling: Sendable, Equatable {
    /// The new text, or nil where no safe edit exists.
    package var text: String?

    package init(_ original: String, parser: ConfigParser) {
        let candidate = Self.edit(original)
        guard let candidate else {
            text = nil
            return
        }
        guard var before = try? parser.parse(original, file: "config"), let after = try? parser.parse(candidate, file: "config")
        else {
            text = nil
            return
        }
        before.delivery.enabled = false
        text = before == after ? candidate : nil
    }

    /// The edited text, unchecked; nil where the table cannot be edited line by line.
    static func edit(_ original: String) -> String? {
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table = ""
        var header: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingSpaces()
            if trimmed.hasPrefix("[") {
                table = Self.tableName(trimmed) ?? "?"
                if table == "delivery" && header == nil { header = index }
                continue
            }
            let key = Self.key(of: trimmed)
            if table.isEmpty && key == "delivery" { return nil }  // an inline table
            if (table == "delivery" && key == "enabled") || (table.isEmpty && key == "delivery.enabled") {
                guard let equals = line.firstIndex(of: "=") else { return nil }
                let value = line[line.index(after: equals)...]
                let rest = value.drop { $0 == " " || $0 == "\t" }
                let word = rest.prefix { $0.isLetter }
                guard word == "true" || word == "false" else { return nil }
                let spacing = value.prefix { $0 == " " || $0 == "\t" }
                lines[index] = String(line[...equals]) + spacing + "false" + rest.dropFirst(word.count)
                return lines.joined(separator: "\n")
            }
        }
        if let header {
            lines.insert("enabled = false", at: header + 1)
            return lines.joined(separator: "\n")
        }
        let separator = original.isEmpty ? "" : original.hasSuffix("\n\n") ? "" : original.hasSuffix("\n") ? "\n" : "\n\n"
        return original + separator + "[delivery]\nenabled = false\n"
    }

    /// How to write `enabled = false` into `original` by hand, where no edit is made: inside an
    /// inline `delivery = { … }` table, or as `delivery.enabled` beside root `delivery.` keys (a
    /// `[delivery]` header there would define the table twice, a TOML error); else under `[delivery]`.
    package static func byHand(_ original: String) -> String {
        for line in original.split(separator: "\n") {
            let trimmed = String(line).trimmingSpaces()
            if trimmed.hasPrefix("[") { break }
            if key(of: trimmed) == "delivery" { return "add `enabled = false` inside the inline table `delivery = { … }`" }
            if key(of: trimmed)?.hasPrefix("delivery.") == true { return "add `delivery.enabled = false` beside the `delivery.` keys" }
        }
        return "set `enabled = false` under [delivery]"
    }

    /// `delivery` for `[delivery]` (and `[ delivery ] # comment`); nil for an array of tables.
    static func tableName(_ line: String) -> String? {
        guard !line.hasPrefix("[["), let close = line.firstIndex(of: "]") else { return nil }
        return line[line.index(after: line.startIndex)..<close].trimmingSpaces()
    }

    /// The key of a `key = value` line, spaces around dots removed; nil for other lines.
    static func key(of line: String) -> String? {
        guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { return nil }
        return line[..<equals].split(separator: ".").map { $0.trimmingSpaces() }.joined(separator: ".")
    }
}
