import FoundationEssentials

/// The rules a quote from any source must pass before it is cached.
///
/// Text is trimmed (and, from a source declared `format = "html"`, converted from HTML), and
/// Unicode's other line breaks become line feeds (``lineBreaks``); then
/// it must be non-empty, at most 1,000 characters, free of control characters, and not a known
/// placeholder (ZenQuotes answers a rate limit with a "quote" starting `Too many requests` by
/// `zenquotes.io`).
package enum QuoteAcceptance {
    /// Why a candidate quote was refused.
    package enum Rejection: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case tooLong(Int)
        case controlCharacters
        case placeholder(String)

        package var description: String {
            switch self {
            case .empty: "the quote text is empty"
            case .tooLong(let count): "the quote text is \(count) characters long (at most 1000)"
            case .controlCharacters: "the quote contains control characters"
            case .placeholder(let what): "the reply is a placeholder, not a quote (\(what))"
            }
        }
    }

    /// The cleaned quote, or why it is not acceptable.
    ///
    /// Plain text (the default) is only trimmed: `x < y` and `&amp;` stay as written.
    package static func accept(text rawText: String, author rawAuthor: String?, format: SourceConfig.Format = .text)
        -> Result<Quote, Rejection>
    {
        let text = clean(rawText, format: format)
        let author = clean(rawAuthor ?? "", format: format)
        guard !text.isEmpty else { return .failure(.empty) }
        guard text.count <= Quote.maximumLength else { return .failure(.tooLong(text.count)) }
        guard !containsControlCharacters(text), !containsControlCharacters(author), author.count <= 200 else {
            return .failure(.controlCharacters)
        }
        if text.lowercased().hasPrefix("too many requests") || author.lowercased() == "zenquotes.io" {
            return .failure(.placeholder("rate limited by ZenQuotes"))
        }
        return .success(Quote(text: text, author: author))
    }

    /// White space trimmed (inner newlines and tabs kept) and ``lineBreaks`` made line feeds;
    /// for HTML, tags removed and entities decoded first.
    static func clean(_ text: String, format: SourceConfig.Format) -> String {
        switch format {
        case .text: unifyingLineBreaks(text).trimmingWhitespace()
        case .html: unifyingLineBreaks(HTMLText.text(fromHTML: text)).trimmingWhitespace()
        }
    }

    /// NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029): line breaks
    /// inside a quote, whatever the source (a line of a quote file, a fortune record, a JSON
    /// string).
    ///
    /// Each becomes a line feed, as a quote's other line breaks are, so that every notification
    /// server shows the break, and NEL, a C1 control, is not refused as one. Spaces and tabs
    /// around it are dropped, as they are at the ends of a fortune's lines.
    package static let lineBreaks: Set<Unicode.Scalar> = ["\u{85}", "\u{2028}", "\u{2029}"]

    /// `text` with each of ``lineBreaks`` (and the spaces and tabs around it) made one line feed.
    static func unifyingLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: lineBreaks.contains) else { return text }
        let pieces = text.unicodeScalars.split(omittingEmptySubsequences: false, whereSeparator: lineBreaks.contains)
        return pieces.enumerated().map { index, piece in
            var scalars = piece[...]
            let isBlank = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
            if index > 0 { while let first = scalars.first, isBlank(first) { scalars = scalars.dropFirst() } }
            if index < pieces.count - 1 { while let last = scalars.last, isBlank(last) { scalars = scalars.dropLast() } }
            return String(String.UnicodeScalarView(scalars))
        }.joined(separator: "\n")
    }

    /// Control characters other than newline and tab, including C1 and bidi overrides.
    static func containsControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F: true
            case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embedding and isolate controls
            default: false
            }
        }
    }
}
