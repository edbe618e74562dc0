import FoundationEssentials

/// Gets one candidate quote from a configured source and applies ``QuoteAcceptance``.
public struct QuoteSourceReader: Sendable {
    public var fetcher = HTTPFetcher()
    /// Picks an index below its argument; random in the product, fixed in tests.
    public var pick: @Sendable (Int) -> Int

    public init(pick: @escaping @Sendable (Int) -> Int = { Int.random(in: 0..<max($0, 1)) }) {
        self.pick = pick
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
        switch QuoteAcceptance.accept(text: text, author: author) {
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

    /// A JSON array of `{"text", "author"}`, or lines `text -- author`.
    private func localFile(_ path: String) throws(FetchError) -> (String, String?) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable("cannot read \(path)") }
        if let quotes = try? JSONDecoder().decode([Quote].self, from: data) {
            guard !quotes.isEmpty else { throw .unreadable("\(path) holds no quotes") }
            let quote = quotes[pick(quotes.count)]
            return (quote.text, quote.author)
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw .invalidUTF8 }
        let lines = text.split(separator: "\n").map { $0.trimmingSpaces() }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !lines.isEmpty else { throw .unreadable("\(path) holds no quotes") }
        let line = lines[pick(lines.count)]
        guard let separator = line.ranges(of: " -- ").last else { return (line, nil) }
        return (String(line[..<separator.lowerBound]), String(line[separator.upperBound...]))
    }
}
