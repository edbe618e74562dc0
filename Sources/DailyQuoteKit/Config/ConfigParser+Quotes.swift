import TOMLKit

extension ConfigParser {
    /// Parses the `[quotes]` table.
    ///
    /// Lengths are 0-1000 (`max_length` at least 1) with `min_length` at most `max_length`; author
    /// lists hold non-blank strings, and `include_authors`, if present, names at least one.
    func parseQuotes(_ table: TOMLTableReader) throws(ConfigError) -> QuotesConfig {
        try table.rejectUnknownKeys(known: Table.quotes.knownKeys)
        var quotes = QuotesConfig()
        let limit = QuotesConfig.lengthRange.upperBound
        quotes.minLength = try table.integer("min_length", in: QuotesConfig.lengthRange)
        quotes.maxLength = try table.integer("max_length", in: 1...limit)
        if let minimum = quotes.minLength, let maximum = quotes.maxLength, minimum > maximum {
            throw table.error(
                .invalidValue, "min_length", "\(minimum) is greater than max_length \(maximum); no quote could pass")
        }
        quotes.excludeAuthors = try authors("exclude_authors", in: table) ?? []
        if let include = try authors("include_authors", in: table) {
            guard !include.isEmpty else {
                throw table.error(.invalidValue, "include_authors", "the list is empty; remove the key to accept every author")
            }
            quotes.includeAuthors = include
        }
        return quotes
    }

    /// A list of author names; a blank name is an error.
    private func authors(_ key: String, in table: TOMLTableReader) throws(ConfigError) -> [String]? {
        guard let names = try table.stringArray(key, expecting: "a list of author names such as [\"Anonymous\"]") else { return nil }
        for (index, name) in names.enumerated() where QuotesConfig.authorKey(name).isEmpty {
            throw table.error(.invalidValue, key, "entry \(index + 1) is blank; write an author's name")
        }
        return names
    }

    /// A fortune source's `encoding`: any name iconv knows for an ASCII-compatible encoding.
    func parseEncoding(_ table: TOMLTableReader, kind: SourceConfig.Kind) throws(ConfigError) -> String? {
        guard let name = try table.string("encoding", expecting: "an encoding name such as \"UTF-8\" or \"latin1\"") else {
            return nil
        }
        guard kind.takesEncoding else {
            throw table.error(.invalidValue, "encoding", "only fortune sources have an encoding; \(kind.rawValue) text is UTF-8")
        }
        guard let encoding = CharacterEncoding(name) else {
            throw table.error(
                .invalidValue, "encoding",
                "\"\(name)\" is not a known encoding that keeps ASCII as it is; "
                    + "use a name iconv knows, such as \"UTF-8\", \"latin1\", \"ISO-8859-3\", \"KOI8-R\", \"CP1251\" or \"GBK\"")
        }
        return encoding.name
    }
}
