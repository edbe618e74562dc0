import FoundationEssentials
import Logging

/// Gets one candidate quote from a configured source and applies ``QuoteAcceptance``.
package struct QuoteSourceReader: Sendable {
    package var fetcher = HTTPFetcher()
    /// Picks an index below its argument; random in the product, fixed in tests.
    package var pick: @Sendable (Int) -> Int
    /// Gets the warnings about skipped entries of a quote file.
    package var logger: Logger

    package init(
        pick: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<max($0, 1)) },
        logger: Logger = Logger(label: "dailyquote", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.pick = pick
        self.logger = logger
    }

    /// An acceptable quote from `source` that passes `filters`, or why there is none.
    ///
    /// A local source with filters picks among its records that pass them; a network source's
    /// quote that does not pass is refused (``FetchError/refused(_:)``).
    package func read(
        _ source: SourceConfig, deadline: ContinuousClock.Instant, filters: QuotesConfig = QuotesConfig()
    ) async throws(FetchError) -> Quote {
        let (text, author): (String, String?)
        switch source.kind {
        case .fortune where filters.isActive, .file where filters.isActive:
            (text, author) = try filtered(source, filters: filters)
        case .fortune:
            (text, author) = try fortune(source)
        case .file:
            (text, author) = try localFile(source.path ?? "")
        default:
            guard source.unsetVariables.isEmpty else { throw .unsetVariables(source.unsetVariables) }
            guard let address = source.effectiveURL, let url = URL(string: address) else { throw .network("no URL") }
            let body = try await fetcher.get(url, headers: source.headers, deadline: deadline)
            (text, author) = try extract(body, source: source)
        }
        switch QuoteAcceptance.accept(text: text, author: author, format: source.format) {
        case .success(let quote):
            if let refusal = filters.refusal(of: quote) { throw .refused(refusal) }
            return quote
        case .failure(let rejection): throw .rejected(rejection)
        }
    }

    /// The text and author in a JSON reply, by the preset's shape or the configured pointers.
    func extract(_ body: Data, source: SourceConfig) throws(FetchError) -> (String, String?) {
        guard String(validating: body, as: UTF8.self) != nil else { throw .invalidUTF8 }
        guard let document = JSONValue(parsing: body) else { throw .invalidJSON }
        let pointers: (text: String, author: String?)
        switch source.kind {
        case .zenquotes: pointers = ("/0/q", "/0/a")
        case .dummyjson: pointers = ("/quote", "/author")
        case .favqs:
            // FavQs reports errors with HTTP 200 and an error_code field.
            if case .object(let object) = document, let code = object["error_code"] {
                throw .apiError(object["message"]?.string ?? "error_code \(code.text)")
            }
            pointers = ("/quote/body", "/quote/author")
        case .apiNinjas: pointers = ("/0/quote", "/0/author")
        case .json, .fortune, .file: pointers = (source.textPointer ?? "", source.authorPointer)
        }
        guard let textPointer = JSONPointer(pointers.text), let text = textPointer.resolve(in: document)?.string else {
            throw .missingField(pointers.text)
        }
        let author = pointers.author.flatMap(JSONPointer.init).flatMap { $0.resolve(in: document)?.string }
        return (text, author)
    }

    private func fortune(_ source: SourceConfig) throws(FetchError) -> (String, String?) {
        let file = FortuneFile(path: source.path ?? "", encoding: try encoding(of: source))
        do {
            let quote = try file.record(chosenBy: pick)
            return (quote.text, quote.author)
        } catch {
            throw .unreadable(error.description)
        }
    }

    /// The source's configured encoding; the parser has checked the name.
    private func encoding(of source: SourceConfig) throws(FetchError) -> CharacterEncoding {
        guard let name = source.encoding else { return .utf8 }
        guard let encoding = CharacterEncoding(name) else { throw .unreadable("unknown encoding \"\(name)\"") }
        return encoding
    }

    /// One quote of a local source among those that are acceptable and pass `filters`.
    ///
    /// Records that do not decode are left out with one warning; if none passes, the error
    /// counts what each rule refused.
    private func filtered(_ source: SourceConfig, filters: QuotesConfig) throws(FetchError) -> (String, String?) {
        let path = source.path ?? ""
        var candidates: [Quote]
        if source.kind == .fortune {
            let file = FortuneFile(path: path, encoding: try encoding(of: source))
            let read: (quotes: [Quote], undecodable: Int)
            do {
                read = try file.quotes()
            } catch {
                throw .unreadable(error.description)
            }
            if read.quotes.isEmpty, read.undecodable > 0 {
                throw .unreadable(
                    "none of the \(read.undecodable) records of \(path) is valid \(file.encoding); check the source's encoding")
            }
            if read.undecodable > 0 {
                logger.warning(
                    "\(path): \(read.undecodable) records are not valid \(source.encoding ?? "UTF-8") and were left out; check the source's encoding"
                )
            }
            candidates = read.quotes
        } else {
            candidates = try quoteFile(path).quotes
        }
        let total = candidates.count
        var refusals: [String: Int] = [:]
        candidates = candidates.compactMap { candidate in
            switch QuoteAcceptance.accept(text: candidate.text, author: candidate.author) {
            case .failure:
                refusals[Self.generalRules, default: 0] += 1
                return nil
            case .success(let quote):
                if let refusal = filters.refusal(of: quote) {
                    refusals[refusal.key, default: 0] += 1
                    return nil
                }
                return quote
            }
        }
        guard !candidates.isEmpty else {
            let counts = refusals.sorted { $0.key < $1.key }.map { "\($0.value) by \($0.key)" }.joined(separator: ", ")
            // The key that refused the most records (by name on a tie) is the one to change first.
            let key = refusals.filter { $0.key != Self.generalRules }.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
            throw .noQuotePasses(
                "no quote of \(total) in \(path) passes [quotes] (refused: \(counts.isEmpty ? "none" : counts))", refusedBy: key)
        }
        let quote = candidates[min(max(pick(candidates.count), 0), candidates.count - 1)]
        return (quote.text, quote.author)
    }

    /// How a local source's refusals count the records ``QuoteAcceptance`` refuses.
    static let generalRules = "the general rules"

    /// One quote of a ``QuoteFile``.
    private func localFile(_ path: String) throws(FetchError) -> (String, String?) {
        let file = try quoteFile(path)
        let quote = file.quotes[pick(file.quotes.count)]
        return (quote.text, quote.author)
    }

    /// The ``QuoteFile`` at `path`, its skipped entries logged as warnings.
    private func quoteFile(_ path: String) throws(FetchError) -> QuoteFile {
        let file: QuoteFile
        do {
            file = try QuoteFile(path: path)
        } catch {
            throw .unreadable(error.description)
        }
        for warning in file.warnings { logger.warning("\(warning)") }
        return file
    }
}
