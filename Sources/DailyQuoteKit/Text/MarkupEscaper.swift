/// Escapes text for a notification server that renders body markup.
///
/// The spec's markup is a small XML subset, so escaping `&`, `<`, `>`, `"` and `'` makes any
/// quote literal text: it can never open `<a>`, `<img>` or any other tag.
package enum MarkupEscaper {
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
