/// Just enough HTML handling for quote text from APIs: strip tags, decode entities.
enum HTMLText {
    /// `text` without anything between `<` and the next `>` (a `<br>` becomes a space).
    static func stripTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var result = ""
        var inTag = false
        var tag = ""
        for character in text {
            if inTag {
                if character == ">" {
                    inTag = false
                    if tag.lowercased().hasPrefix("br") || tag.lowercased().hasPrefix("p") { result.append(" ") }
                } else {
                    tag.append(character)
                }
            } else if character == "<" {
                inTag = true
                tag = ""
            } else {
                result.append(character)
            }
        }
        return result
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
