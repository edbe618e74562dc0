import FoundationEssentials

extension JSONEncoder {
    /// The encoder for every file and `--json` output: sorted keys (Linux's encoder has no
    /// stable order otherwise) and unescaped slashes; `pretty` for output meant for people.
    package static func dailyquote(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
