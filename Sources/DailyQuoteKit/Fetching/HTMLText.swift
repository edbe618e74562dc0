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
        guard text.contains("<") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "<", let close = tagEnd(in: text, at: index) else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<close].prefix { $0.isLetter || $0.isNumber }.lowercased()
            if name == "br" || name == "p" { result.append(" ") }
            index = text.index(after: close)
        }
        return result
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
        guard text.contains("&") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let name = String(text[text.index(after: index)..<semicolon])
            var decoded: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                decoded = named[name]
            }
            if let decoded {
                result += decoded
                index = text.index(after: semicolon)
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }
}
