/// The `[quotes]` table: which quotes are acceptable, from every source and from the bundled collection.
///
/// Lengths count Characters (what a reader sees as one letter, emoji or line break) of the text
/// after the source's cleanup; the author is not counted. Authors are compared with white space
/// at both ends dropped, inner runs of white space folded to one space, and case ignored; a
/// quote without an author never matches `include_authors`. An author in both lists is excluded.
package struct QuotesConfig: Sendable, Codable, Equatable {
    /// The fewest Characters a quote may have; nil means no lower limit.
    package var minLength: Int?
    /// The most Characters a quote may have; nil means the default (``defaultMaxLength`` in
    /// ``defaultMaxLines``), which a value of its own, up to the general limit of 1,000, lifts.
    package var maxLength: Int?
    /// Authors whose quotes are refused.
    package var excludeAuthors: [String]
    /// If set, only quotes by these authors are accepted.
    package var includeAuthors: [String]?

    package init(minLength: Int? = nil, maxLength: Int? = nil, excludeAuthors: [String] = [], includeAuthors: [String]? = nil) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.excludeAuthors = excludeAuthors
        self.includeAuthors = includeAuthors
    }

    /// The allowed values of `min_length` and `max_length`: up to the general limit of accepted quotes.
    package static let lengthRange = 0...Quote.maximumLength

    /// The most Characters a quote may have where `max_length` is not set.
    ///
    /// What a notification shows whole: GNOME's expanded banner and dunst's default popup show
    /// about 8-12 lines of 40 Latin characters. It keeps every quote of the bundled collection
    /// (176 at most) and of fortunes' `fortunes`, and 90% of fortunes-zh's `chinese` (whose
    /// longest has 13,774).
    package static let defaultMaxLength = 300
    /// The most lines a quote may have where `max_length` is not set.
    ///
    /// A poem of short lines fits 300 characters long before it fits a popup; a Tang poem of
    /// eight lines, with its title, fits.
    package static let defaultMaxLines = 12
    /// The default limit in words, as the refusals and the docs say it.
    static let defaultLimit = "\(defaultMaxLength) characters or \(defaultMaxLines) lines"

    /// Whether any filter is set.
    package var isActive: Bool {
        minLength != nil || maxLength != nil || !excludeAuthors.isEmpty || includeAuthors != nil
    }

    /// Why `quote` is refused, or nil if it passes.
    ///
    /// Where `max_length` is not set, a quote longer than ``defaultMaxLength`` or of more lines
    /// than ``defaultMaxLines`` is refused; a `max_length` of the person's own lifts both.
    package func refusal(of quote: Quote) -> Refusal? {
        if maxLength == nil, !Self.withinDefaultByBytes(quote.text) {
            let length = quote.text.count
            let lines = quote.text.reduce(1) { $1.isNewline ? $0 + 1 : $0 }
            if length > Self.defaultMaxLength || lines > Self.defaultMaxLines { return .overDefaultLength(length, lines: lines) }
        }
        guard isActive else { return nil }
        let length = quote.text.count
        if let minLength, length < minLength { return .tooShort(length, minimum: minLength) }
        if let maxLength, length > maxLength { return .tooLong(length, maximum: maxLength) }
        let author = Self.authorKey(quote.author)
        if !author.isEmpty, excludeAuthors.contains(where: { Self.authorKey($0) == author }) {
            return .excludedAuthor(quote.author)
        }
        if let includeAuthors, author.isEmpty || !includeAuthors.contains(where: { Self.authorKey($0) == author }) {
            return .authorNotIncluded(quote.author)
        }
        return nil
    }

    /// Whether `text` is surely within the default length, read from its UTF-8 bytes alone.
    ///
    /// No more bytes than ``defaultMaxLength`` means no more Characters, and each line break
    /// (`\n`, `\r`, VT, FF, U+0085, U+2028, U+2029) has a byte of its own among 0x0A-0x0D, 0x85,
    /// 0xA8 and 0xA9, so few of those means few lines. Counting Characters walks grapheme
    /// breaks, which cost a `notify` without a cached quote 0.6 million instructions (7%) on
    /// every run; most quotes are decided here.
    static func withinDefaultByBytes(_ text: String) -> Bool {
        var bytes = 0
        var breaks = 0
        for byte in text.utf8 {
            bytes += 1
            if (0x0A...0x0D).contains(byte) || byte == 0x85 || byte == 0xA8 || byte == 0xA9 { breaks += 1 }
        }
        return bytes <= defaultMaxLength && breaks + 1 <= defaultMaxLines
    }

    /// `author` as compared: trimmed, inner white space folded to one space, lower-cased.
    static func authorKey(_ author: String) -> String {
        author.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// Why a quote did not pass `[quotes]`.
    package enum Refusal: Sendable, Equatable, CustomStringConvertible {
        case tooShort(Int, minimum: Int)
        case tooLong(Int, maximum: Int)
        /// Longer than ``QuotesConfig/defaultMaxLength`` or of more lines than ``QuotesConfig/defaultMaxLines``, without `max_length`: characters, lines.
        case overDefaultLength(Int, lines: Int)
        case excludedAuthor(String)
        case authorNotIncluded(String)

        /// The key that refused the quote: `min_length`, `max_length`, `exclude_authors` or `include_authors`.
        package var key: String {
            switch self {
            case .tooShort: "min_length"
            case .tooLong, .overDefaultLength: "max_length"
            case .excludedAuthor: "exclude_authors"
            case .authorNotIncluded: "include_authors"
            }
        }

        /// How a local source's count of refusals names this one: `by max_length`; the default
        /// length says that it is the default, which no key of the person's set.
        package var countedAs: String {
            switch self {
            case .overDefaultLength: "longer than the default limit (\(QuotesConfig.defaultLimit); set [quotes] max_length)"
            default: "by \(key)"
            }
        }

        package var description: String {
            switch self {
            case .tooShort(let count, let minimum):
                "refused by quotes.min_length: \(count) characters, fewer than \(minimum)"
            case .tooLong(let count, let maximum):
                "refused by quotes.max_length: \(count) characters, more than \(maximum)"
            case .overDefaultLength(let count, let lines):
                "refused by the default limit (\(QuotesConfig.defaultLimit); set [quotes] max_length): \(count) characters in \(lines) lines"
            case .excludedAuthor(let author):
                "refused by quotes.exclude_authors: the author is \"\(author)\""
            case .authorNotIncluded(let author):
                author.trimmingWhitespace().isEmpty
                    ? "refused by quotes.include_authors: the quote has no author"
                    : "refused by quotes.include_authors: \"\(author)\" is not listed"
            }
        }
    }
}
