import FoundationEssentials
import Logging

/// Gets one candidate quote from a configured source and applies ``QuoteAcceptance``.
public struct QuoteSourceReader: Sendable {
    public var fetcher = HTTPFetcher()
    /// Picks an index below its argument; random in the product, fixed in tests.
    public var pick: @Sendable (Int) -> Int
    /// Gets the warnings about skipped entries of a quote file.
    public var logger: Logger

    public init(
        pick: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<max($0, 1)) },
        logger: Logger = Logger(label: "dailyquote", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.pick = pick
        self.logger = logger
    }

    /// An acceptable quote from `source`, or why there is none.
    public func read(_ source: SourceConfig, deadline: ContinuousClock.Instant) async throws(FetchError) -> Quote {
        let (text, author): (String, String?)
        switch source.kind {
        case .fortune:
            (text, author) = try fortune(source.path ?? "")
        case .file:
            (text, author) = try localFile(source.path ?? "")
        default:
            guard let address = source.effectiveURL, let url = URL(string: address) else { throw .network("no URL") }
            let body = try await fetcher.get(url, headers: source.headers, deadline: deadline)
            (text, author) = try extract(body, source: source)
        }
        switch QuoteAcceptance.accept(text: text, author: author, format: source.format) {
        case .success(let quote): return quote
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

    private func fortune(_ path: String) throws(FetchError) -> (String, String?) {
        do {
            let quote = try FortuneFile(path: path).record(chosenBy: pick)
            return (quote.text, quote.author)
        } catch {
            throw .unreadable(error.description)
        }
    }

    /// One quote of a ``QuoteFile``; its skipped entries are logged as warnings.
    private func localFile(_ path: String) throws(FetchError) -> (String, String?) {
        let file: QuoteFile
        do {
            file = try QuoteFile(path: path)
        } catch {
            throw .unreadable(error.description)
        }
        for warning in file.warnings { logger.warning("\(warning)") }
        let quote = file.quotes[pick(file.quotes.count)]
        return (quote.text, quote.author)
    }
}
