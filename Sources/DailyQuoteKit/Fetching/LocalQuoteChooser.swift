import FoundationEssentials
import Logging

/// Chooses a quote without the network: from the local sources in order (fortune and quote
/// files, the language's fortune file among them), then from the bundled collection.
///
/// The one place that picks "a local quote": a delivery without a cached quote, `show`, and
/// Another use ``choose(lastPosted:before:pick:)``; `refresh` reads a local source through
/// ``quote(from:filters:isFresh:pick:logger:)``. A record that the general rules
/// (``QuoteAcceptance``), the `[quotes]` filters or the no-repeat rule refuse is replaced by
/// another pick (another record, never the same), at most ``maximumTries`` picks in a source. It reads one record of an indexed
/// fortune file per pick and decodes only the bundled quotes it looks at.
package struct LocalQuoteChooser: Sendable {
    package var sources: [LocalQuoteSource]
    package var filters: QuotesConfig
    /// The bundled collection, asked for only when no local source gives a quote: indexing it
    /// costs about a million instructions that a pick from a fortune file does not need.
    package var bundled: @Sendable () -> QuoteCollection
    /// Where an unusable local source is mentioned.
    package var logger: Logger

    package init(
        sources: [LocalQuoteSource], filters: QuotesConfig = QuotesConfig(),
        bundled: @autoclosure @escaping @Sendable () -> QuoteCollection = BundledQuotes.collection,
        logger: Logger = Logger(label: "dailyquote", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.sources = sources
        self.filters = filters
        self.bundled = bundled
        self.logger = logger
    }

    /// The most picks in one source (or in the bundled collection before it is read whole).
    package static let maximumTries = 12

    /// A chosen quote and where it came from.
    package struct Choice: Sendable, Equatable {
        package var quote: Quote
        /// The source's name (`fortune`, `file`), or `bundled`.
        package var source: String
        /// No bundled quote passes `[quotes]`, so the filters were ignored for the collection.
        package var unfiltered = false
    }

    /// A quote not posted since `before` (by `lastPosted`, normalised text to the last instant
    /// it was posted) from the first local source that has one, else from the bundled collection.
    ///
    /// The bundled collection gives a quote that passes the filters if any does (else the
    /// filters give way, ``Choice/unfiltered``), not posted since `before` if any is, else the
    /// least recently posted; nil only when that would be a quote posted at `Int64.max` (the one
    /// shown now) or the collection is empty. `pick` gives an index below its argument, each call
    /// a new pick: seeded by the day for a delivery, random for Another.
    package func choose(lastPosted: [String: Int64], before: Int64, pick: (Int) -> Int) -> Choice? {
        func isFresh(_ quote: Quote) -> Bool { (lastPosted[quote.normalisedText] ?? .min) < before }
        for source in sources {
            do {
                let quote = try Self.quote(from: source, filters: filters, isFresh: isFresh, pick: pick, logger: logger)
                return Choice(quote: quote, source: source.name)
            } catch {
                logger.info("\(source.name) (\(source.path)): \(error.description); trying the next local source")
            }
        }
        return fromBundled(lastPosted: lastPosted, before: before, pick: pick)
    }

    /// The bundled part of ``choose(lastPosted:before:pick:)``: a few picks first, so that the
    /// usual case decodes a quote or two; the whole collection only when they all fail.
    private func fromBundled(lastPosted: [String: Int64], before: Int64, pick: (Int) -> Int) -> Choice? {
        let bundled = self.bundled()
        let count = bundled.count
        guard count > 0 else { return nil }
        func isFresh(_ quote: Quote) -> Bool { (lastPosted[quote.normalisedText] ?? .min) < before }
        var picks = DistinctPicks(count: count)
        while let index = picks.next(pick) {
            let quote = bundled.quote(at: index)
            if isFresh(quote), filters.refusal(of: quote) == nil { return Choice(quote: quote, source: "bundled") }
        }
        let all = bundled.all
        let passing = filters.isActive ? all.filter { filters.refusal(of: $0) == nil } : all
        let unfiltered = passing.isEmpty && filters.isActive
        let eligible = passing.isEmpty ? all : passing
        var candidates = eligible.filter(isFresh)
        if candidates.isEmpty {
            let oldest = eligible.map { lastPosted[$0.normalisedText] ?? .min }.min() ?? .min
            guard oldest < .max else { return nil }
            candidates = eligible.filter { (lastPosted[$0.normalisedText] ?? .min) == oldest }
        }
        let quote = candidates[Self.clamped(pick(candidates.count), below: candidates.count)]
        return Choice(quote: quote, source: "bundled", unfiltered: unfiltered)
    }

    /// An acceptable quote of `source` that passes `filters` and `isFresh`, or why there is none.
    ///
    /// Each of at most ``maximumTries`` picks reads one record (through a fortune file's index
    /// where it has one); a record refused is replaced by another pick, but a record that does
    /// not decode fails the source (its encoding is wrong). When the picks fail and `filters`
    /// are set, every record is read and one that passes is picked, so that strict filters still
    /// find the few quotes they allow. The error is the last pick's
    /// (a record too long, refused, repeated) or the file's (unreadable, no quote passes).
    package static func quote(
        from source: LocalQuoteSource, filters: QuotesConfig, isFresh: (Quote) -> Bool, pick: (Int) -> Int, logger: Logger
    ) throws(FetchError) -> Quote {
        let records: Records
        if source.kind.readsFortuneFile {
            let file = FortuneFile(path: source.path, encoding: try encoding(of: source))
            do throws(FortuneFile.ReadError) {
                records = .fortune(try file.opened())
            } catch {
                throw .unreadable(error.description)
            }
        } else {
            records = .file(try quoteFile(source.path, logger: logger))
        }
        let count = records.count
        guard count > 0 else { throw .unreadable("\(source.path) has no records") }
        var last = FetchError.unreadable("\(source.path) has no records")
        var picks = DistinctPicks(count: count)
        while let index = picks.next(pick) {
            do throws(FetchError) {
                let quote = try accepted(try records.quote(index), filters: filters)
                guard isFresh(quote) else { throw .repeated }
                return quote
            } catch {
                last = error
                // A record that does not decode says the file's encoding is wrong: not a record to
                // pass over (with filters, every record is read and the undecodable ones counted).
                if case .unreadable = error { break }
            }
        }
        // Without filters, only the default length refuses: its picks failing, a short record is looked for too.
        var refused = false
        if case .refused = last { refused = true }
        guard filters.isActive || refused else { throw last }
        let quote = try everyRecord(of: source, filters: filters, isFresh: isFresh, pick: pick, logger: logger)
        return quote
    }

    /// The records of an opened local source.
    private enum Records {
        case fortune(FortuneFile.Opened)
        case file(QuoteFile)

        var count: Int {
            switch self {
            case .fortune(let opened): opened.count
            case .file(let file): file.quotes.count
            }
        }

        /// Record `index`, raw (before ``QuoteAcceptance``).
        func quote(_ index: Int) throws(FetchError) -> Quote {
            switch self {
            case .fortune(let opened):
                do throws(FortuneFile.ReadError) {
                    return try opened.quote(index)
                } catch {
                    throw .unreadable(error.description)
                }
            case .file(let file): return file.quotes[index]
            }
        }
    }

    /// `candidate` cleaned by ``QuoteAcceptance``, if it passes it and `filters`.
    private static func accepted(_ candidate: Quote, filters: QuotesConfig) throws(FetchError) -> Quote {
        switch QuoteAcceptance.accept(text: candidate.text, author: candidate.author) {
        case .success(let quote):
            if let refusal = filters.refusal(of: quote) { throw .refused(refusal) }
            return quote
        case .failure(let rejection): throw .rejected(rejection)
        }
    }

    /// Up to ``maximumTries`` different indices below `count`: a pick that was refused is
    /// replaced by another record, never the same one again.
    struct DistinctPicks {
        let count: Int
        /// The indices given so far, ascending.
        private var given: [Int] = []

        init(count: Int) { self.count = count }

        /// The next index (`pick` chooses among those not given yet), or nil after
        /// ``maximumTries`` or every index.
        mutating func next(_ pick: (Int) -> Int) -> Int? {
            let left = count - given.count
            guard left > 0, given.count < LocalQuoteChooser.maximumTries else { return nil }
            var index = LocalQuoteChooser.clamped(pick(left), below: left)
            // The index-th of those not given yet.
            var position = 0
            while position < given.count, given[position] <= index {
                index += 1
                position += 1
            }
            given.insert(index, at: position)
            return index
        }
    }

    /// `index` made a valid index below `count`, whatever the picker answered.
    fileprivate static func clamped(_ index: Int, below count: Int) -> Int { min(max(index, 0), count - 1) }

    /// The source's configured encoding; the parser has checked the name.
    private static func encoding(of source: LocalQuoteSource) throws(FetchError) -> CharacterEncoding {
        guard let name = source.encoding else { return .utf8 }
        guard let encoding = CharacterEncoding(name) else { throw .unreadable("unknown encoding \"\(name)\"") }
        return encoding
    }

    /// One quote of a local source among all of its records that are acceptable and pass
    /// `filters` and `isFresh`.
    ///
    /// Records that do not decode are left out with one warning; if none passes, the error
    /// counts what each rule refused.
    private static func everyRecord(
        of source: LocalQuoteSource, filters: QuotesConfig, isFresh: (Quote) -> Bool, pick: (Int) -> Int, logger: Logger
    ) throws(FetchError) -> Quote {
        let path = source.path
        var candidates: [Quote]
        if source.kind.readsFortuneFile {
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
            candidates = try quoteFile(path, logger: logger).quotes
        }
        let total = candidates.count
        // Counted by what the count says ("by min_length"; the default length says it is the
        // default), and by the key that refusedBy names.
        var refusals: [String: Int] = [:]
        var keys: [String: Int] = [:]
        candidates = candidates.compactMap { candidate in
            switch QuoteAcceptance.accept(text: candidate.text, author: candidate.author) {
            case .failure:
                refusals["by \(generalRules)", default: 0] += 1
                return nil
            case .success(let quote):
                if let refusal = filters.refusal(of: quote) {
                    refusals[refusal.countedAs, default: 0] += 1
                    keys[refusal.key, default: 0] += 1
                    return nil
                }
                return quote
            }
        }
        guard !candidates.isEmpty else {
            let counts = refusals.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            // The key that refused the most records (by name on a tie) is the one to change first.
            let key = keys.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
            throw .noQuotePasses(
                "no quote of \(total) in \(path) passes [quotes] (refused: \(counts.isEmpty ? "none" : counts))", refusedBy: key)
        }
        let fresh = candidates.filter(isFresh)
        guard !fresh.isEmpty else { throw .repeated }
        return fresh[clamped(pick(fresh.count), below: fresh.count)]
    }

    /// How a local source's refusals count the records ``QuoteAcceptance`` refuses.
    static let generalRules = "the general rules"

    /// The ``QuoteFile`` at `path`, its skipped entries logged as warnings.
    private static func quoteFile(_ path: String, logger: Logger) throws(FetchError) -> QuoteFile {
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

/// Picks from a seed, the same sequence for the same seed: a delivery's retry picks as its
/// first run did (SplitMix64).
package struct SeededPicks: Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    /// A delivery's picks for local day `day`.
    package init(day: CivilDate) { self.init(seed: UInt64(bitPattern: day.daysSinceEpoch) &* 2_654_435_761) }

    /// The next index below `count`.
    package mutating func next(below count: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(max(count, 1)))
    }
}
