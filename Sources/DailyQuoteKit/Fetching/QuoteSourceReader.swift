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

    /// An acceptable quote from `source` that passes `filters` and `isFresh`, or why there is none.
    ///
    /// A local source is read by ``LocalQuoteChooser/quote(from:filters:isFresh:pick:logger:)``:
    /// a record refused is replaced by another pick. A network source's quote that does not pass
    /// `filters` is refused (``FetchError/refused(_:)``); `isFresh` is the caller's to apply.
    /// Blocks the calling thread until `deadline` at most; `cancellation` ends a network read.
    package func read(
        _ source: SourceConfig, deadline: ContinuousClock.Instant, filters: QuotesConfig = QuotesConfig(),
        cancellation: FetchCancellation? = nil, isFresh: (Quote) -> Bool = { _ in true }
    ) throws(FetchError) -> Quote {
        if let local = LocalQuoteSource.all(in: [source]).first {
            return try LocalQuoteChooser.quote(from: local, filters: filters, isFresh: isFresh, pick: pick, logger: logger)
        }
        guard source.unsetVariables.isEmpty else { throw .unsetVariables(source.unsetVariables) }
        guard let address = source.effectiveURL, let url = URL(string: address) else { throw .network("no URL") }
        let body = try fetcher.get(url, headers: source.headers, deadline: deadline, cancellation: cancellation)
        let (text, author) = try extract(body, source: source)
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
}
