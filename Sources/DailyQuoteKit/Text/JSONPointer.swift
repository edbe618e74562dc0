/// An RFC 6901 JSON Pointer (`/quote/body`, `/0/q`), for finding a quote in any JSON reply.
package struct JSONPointer: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The unescaped reference tokens.
    package var tokens: [String]

    /// Parses a pointer; nil if it is not empty and does not start with `/`, or has a bad escape.
    package init?(_ text: String) {
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var parsed: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch iterator.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
            }
            parsed.append(token)
        }
        tokens = parsed
    }

    package var description: String {
        tokens.map { "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1") }.joined()
    }

    /// The value the pointer refers to in `document`, if any.
    package func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let array):
                // RFC 6901: an array index is 0 or digits without a leading zero.
                guard let index = Int(token), String(index) == token, index >= 0, index < array.count else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }
}
