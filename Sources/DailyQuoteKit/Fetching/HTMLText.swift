/// Just enough HTML handling for quote text from sources declared `format = "html"`: remove
/// real tags, decode entities.
///
/// Plain-text sources never come here: in plain text `x < y` and `&amp;` are what the author wrote.
enum HTMLText {
    /// `html` as text: tags removed (`<br>` and `<p>` become a space), entities decoded.
    static func text(fromHTML html: String) -> String {
        decodeEntities(stripTags(html))
    }

    /// `text` without its tags.
    ///
    /// A tag is a `<` followed by a letter, `/` and a letter, `!` or `?`, up to the next `>`.
    /// Any other `<` (as in `3 < 5`), and a `<` with no `>` after it, is text.
    static func stripTags(_ text: String) -> String {
        rewriting(text, at: "<") { start in
            guard let close = tagEnd(in: text, at: start) else { return nil }
            let name = text[text.index(after: start)..<close].prefix { $0.isLetter || $0.isNumber }.lowercased()
            return (name == "br" || name == "p" ? " " : "", text.index(after: close))
        }
    }

    /// The index of the `>` that closes a tag opening at `start`, or nil if `start` opens no tag.
    private static func tagEnd(in text: String, at start: String.Index) -> String.Index? {
        let rest = text[text.index(after: start)...]
        guard let first = rest.first else { return nil }
        let opensTag: Bool
        switch first {
        case "!", "?": opensTag = true
        case "/": opensTag = rest.dropFirst().first.map { $0.isASCII && $0.isLetter } ?? false
        default: opensTag = first.isASCII && first.isLetter
        }
        guard opensTag else { return nil }
        return rest.firstIndex(of: ">")
    }

    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
    ]

    /// Decodes named (`&amp;`), decimal (`&#8217;`) and hex (`&#x2019;`) entities; leaves unknown ones.
    static func decodeEntities(_ text: String) -> String {
        rewriting(text, at: "&") { start in
            guard let semicolon = text[start...].prefix(12).firstIndex(of: ";") else { return nil }
            let name = text[text.index(after: start)..<semicolon]
            let decoded: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                decoded = named[String(name)]
            }
            return decoded.map { ($0, text.index(after: semicolon)) }
        }
    }

    /// `text` with each `trigger` that `replace` takes rewritten; other characters are kept.
    ///
    /// `replace` gets the trigger's index and gives what to write instead and the index to go
    /// on from, or nil to keep the trigger as text.
    private static func rewriting(
        _ text: String, at trigger: Character, _ replace: (String.Index) -> (String, next: String.Index)?
    ) -> String {
        guard text.contains(trigger) else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == trigger, let (replacement, next) = replace(index) {
                result += replacement
                index = next
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
    }
}
