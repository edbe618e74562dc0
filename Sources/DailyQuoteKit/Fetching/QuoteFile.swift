import DailyQuoteSystem
import FoundationEssentials

/// The quotes of a `file` source.
///
/// A file that parses as JSON is read as JSON, never as lines: an array of `{"text", "author"}`
/// objects, or one such object. One that starts with `[` or `{` but does not parse is an error.
/// `author` is optional (missing or `null`: no author); an entry whose `text` is missing, not a
/// string or empty is skipped with a warning giving its 1-based index. Any other file is lines
/// `text -- author`, ended by line feeds (or CR LF) only; blank lines and lines starting with `#` are ignored, `text --` has no author,
/// and a line that is only `-- author` holds no quote and is skipped with a warning. A file with
/// no usable quote is an error naming the file and the reason.
package struct QuoteFile: Sendable, Equatable {
    /// The usable quotes, in file order, untouched but for trimming.
    package var quotes: [Quote]
    /// What was skipped and why, one line each (`entry #2 (1-based) has no "text"; skipped`).
    package var warnings: [String]

    /// Why the file gives no quote.
    package struct ReadError: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// The largest file read; a year of quotes takes well under 1 MiB.
    package static let maximumSize = 16 * 1024 * 1024

    /// Reads and parses the file at `path`.
    package init(path: String) throws(ReadError) {
        guard let file = ReadOnlyFile(path: path) else { throw ReadError(description: UnreadableFile.message(path)) }
        let bytes: [UInt8]
        do {
            bytes = try file.readToEnd(maximum: Self.maximumSize)
        } catch {
            throw ReadError(description: UnreadableFile.message(path, failure: error.description))
        }
        try self.init(contents: Data(bytes), path: path)
    }

    /// Parses `contents`, the text of the file at `path` (named in messages).
    package init(contents: Data, path: String) throws(ReadError) {
        if let document = JSONValue(parsing: contents) {
            (quotes, warnings) = try Self.entries(of: document, path: path)
            return
        }
        guard let text = String(validating: contents, as: UTF8.self) else { throw ReadError(description: "\(path) is not valid UTF-8") }
        if let first = text.first(where: { !$0.isWhitespace }), first == "[" || first == "{" {
            // Read as lines, broken or truncated JSON would be delivered as raw JSON.
            throw ReadError(description: "\(path) looks like JSON (it starts with \(first)) but does not parse")
        }
        (quotes, warnings) = try Self.lines(of: text, path: path)
    }

    /// The quotes of a JSON document.
    private static func entries(of document: JSONValue, path: String) throws(ReadError) -> ([Quote], [String]) {
        let shape = #"an array of {"text", "author"} objects, or one such object"#
        switch document {
        case .object:
            switch entry(document) {
            case .success(let quote): return ([quote], [])
            case .failure(let problem): throw ReadError(description: "\(path): the JSON object \(problem.reason); expected \(shape)")
            }
        case .array(let elements):
            guard !elements.isEmpty else { throw ReadError(description: "\(path) holds no quotes (an empty JSON array)") }
            var quotes: [Quote] = []
            var problems: [String] = []
            for (index, element) in elements.enumerated() {
                switch entry(element) {
                case .success(let quote): quotes.append(quote)
                case .failure(let problem): problems.append("entry #\(index + 1) (1-based) \(problem.reason)")
                }
            }
            guard !quotes.isEmpty else {
                throw ReadError(
                    description:
                        "\(path): no usable quote in \(elements.count) \(elements.count == 1 ? "entry" : "entries") (\(problems[0]))")
            }
            let warnings = problems.map { "\(path): \($0); skipped" }
            return (quotes, warnings)
        default:
            throw ReadError(description: "\(path) is JSON \(describe(document)), not \(shape)")
        }
    }

    /// Why an entry is unusable, as the end of a sentence (`has no "text"`).
    private struct EntryProblem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// One `{"text", "author"}` entry as a quote, or why it is unusable (`has no "text"`).
    private static func entry(_ value: JSONValue) -> Result<Quote, EntryProblem> {
        guard case .object(let object) = value else { return .failure(EntryProblem("is \(describe(value)), not an object")) }
        guard let textValue = object["text"] else { return .failure(EntryProblem(#"has no "text""#)) }
        guard case .string(let text) = textValue else {
            return .failure(EntryProblem(#""text" is \#(describe(textValue)), not a string"#))
        }
        guard !text.trimmingWhitespace().isEmpty else { return .failure(EntryProblem(#""text" is empty"#)) }
        // `author` is optional: missing, null or not a string all mean no author.
        let author = object["author"]?.string ?? ""
        return .success(Quote(text: text.trimmingWhitespace(), author: author.trimmingWhitespace()))
    }

    /// The quotes of a lines file.
    private static func lines(of text: String, path: String) throws(ReadError) -> ([Quote], [String]) {
        var quotes: [Quote] = []
        var warnings: [String] = []
        // At line feeds only, as `wc -l` counts lines (a CR before one is dropped, so a file saved
        // with CRLF reads the same): Unicode's other line breaks (U+2028, U+2029, U+0085) are
        // inside a record, where ``QuoteAcceptance`` makes them line breaks of the quote. The
        // scalars are split, since "\r\n" is one Character.
        for (index, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let rawLine = String(String.UnicodeScalarView(scalars.last == "\r" ? scalars.dropLast() : scalars[...]))
            let line = rawLine.trimmingSpaces()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            guard !line.hasPrefix("--") else {
                warnings.append("\(path): line \(index + 1) is only an attribution (\"-- author\"), no quote; skipped")
                continue
            }
            quotes.append(quote(fromLine: line))
        }
        guard !quotes.isEmpty else {
            throw ReadError(description: "\(path) holds no quotes (only blank, comment or attribution lines)")
        }
        return (quotes, warnings)
    }

    /// `text -- author` split at the last ` -- `; `text --` has no author.
    static func quote(fromLine line: String) -> Quote {
        if line.hasSuffix(" --") {
            return Quote(text: String(line.dropLast(3)).trimmingSpaces(), author: "")
        }
        guard let separator = line.ranges(of: " -- ").last else { return Quote(text: line, author: "") }
        return Quote(text: line[..<separator.lowerBound].trimmingSpaces(), author: line[separator.upperBound...].trimmingSpaces())
    }

    /// A JSON value's kind for a message: `a number`, `null`.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
