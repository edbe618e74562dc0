import DailyQuoteSystem
import FoundationEssentials
import Logging

/// The fetch stage: tries the sources in order under one hard deadline and caches the first
/// acceptable quote atomically.
///
/// It never posts anything.
package struct FetchStage: Sendable {
    package var config: Config
    package var planner: DeliveryPlanner
    /// Where the cache, its lock and the last outcome are.
    package var paths: AppPaths
    /// The normalised texts of the quotes posted in the last 365 days, which must not come
    /// again; asked at each run, since `run` keeps one stage for days.
    package var recentQuotes: @Sendable (_ now: Int64) -> Set<String>
    package var reader: QuoteSourceReader
    package var clock: @Sendable () -> Int64
    package var logger: Logger

    /// The fetched-quote cache this stage writes.
    package var cache: QuoteCache { QuoteCache(path: paths.quoteCache) }

    /// Where the last refresh's outcome is kept for `status`.
    package var resultPath: String { paths.lastRefresh }

    /// Runs the stage, blocking the calling thread.
    ///
    /// The deadline counts from `started`, the command's start. `cancellation`, from another
    /// thread, ends it within milliseconds.
    package func run(started: ContinuousClock.Instant = .now, cancellation: FetchCancellation? = nil) throws -> FetchOutcome {
        let total = Duration.seconds(config.refresh.timeout.seconds)
        let deadline = started + total
        let lock = try FileLock(path: paths.refreshLock, until: deadline)
        defer { withExtendedLifetime(lock) {} }
        let cached = currentCache()
        let now = clock()
        let recent = recentQuotes(now)
        var attempts: [FetchOutcome.Attempt] = []
        var outcome = FetchOutcome(result: .failed, elapsedMs: 0, attempts: [], at: now)
        sources: for (index, source) in config.sources.enumerated() {
            let start = ContinuousClock.now
            guard start < deadline, cancellation?.isCancelled != true else {
                attempts.append(.init(source, outcome: .skipped))
                continue
            }
            let share = Self.shareDeadline(
                start: start, deadline: deadline, total: total, sourcesAfter: config.sources.count - index - 1,
                sourceCount: config.sources.count)
            for _ in 0..<(source.isRandom ? 2 : 1) {
                do {
                    // libcurl's timeout holds `share`; a local source is read at once. A local source
                    // replaces a record posted within the year by another pick.
                    let quote = try reader.read(source, deadline: share, filters: config.quotes, cancellation: cancellation) {
                        !recent.contains($0.normalisedText)
                    }
                    if recent.contains(quote.normalisedText) { throw FetchError.repeated }
                    if let cached, cached.quote.normalisedText == quote.normalisedText {
                        attempts.append(.init(source, outcome: .unchanged))
                        outcome.result = .unchanged
                    } else {
                        let entry = CachedQuote(
                            text: quote.text, author: quote.author, source: source.name, url: source.effectiveURL ?? source.path,
                            fetchedAt: clock(), forDelivery: planner.deliveries(from: now, count: 1).first?.at)
                        try cache.store(entry)
                        attempts.append(.init(source, outcome: .accepted))
                        outcome.result = .fetched
                    }
                    outcome.source = source.name
                    outcome.quote = quote
                    break sources
                } catch let error as FetchError {
                    var description = error.description
                    if error == .timedOut, share < deadline {
                        let milliseconds = (share - start) / .milliseconds(1)
                        description =
                            "deadline reached (its share: \(Int(milliseconds)) ms of \(config.refresh.timeout), "
                            + "the rest kept for the sources after it)"
                    }
                    logger.info("\(source.name) (\(source.location)): \(description)")
                    var attempt = FetchOutcome.Attempt(source, outcome: .failed, error: description)
                    switch error {
                    case .refused(let refusal): attempt.refusedBy = refusal.key
                    case .noQuotePasses(_, let key): attempt.refusedBy = key
                    case .unsetVariables(let names): attempt.unsetVariables = names
                    default: break
                    }
                    attempts.append(attempt)
                    // A repeat, or a quote [quotes] refuses, may be followed by another from a random source;
                    // a local source that read every record has no other to give.
                    guard error == .repeated || error.isRefusal else { break }
                }
            }
        }
        outcome.attempts = attempts
        outcome.elapsedMs = Int((ContinuousClock.now - started) / .milliseconds(1))
        record(outcome)
        return outcome
    }

    /// The cached quote; a corrupt file is reported, set aside as `quote.json.corrupt`, and treated as absent.
    private func currentCache() -> CachedQuote? {
        switch cache.read() {
        case .valid(let quote): return quote
        case .absent: return nil
        case .corrupt(let why):
            let aside = AppPaths.setAside(cache.path)
            logger.warning("the cached quote is corrupt (\(why)); moved aside to \(aside)")
            _ = try? FileManager.default.removeItem(atPath: aside)
            _ = try? FileManager.default.moveItem(atPath: cache.path, toPath: aside)
            return nil
        }
    }

    /// Keeps the outcome for `status`; failing to is logged, not fatal.
    private func record(_ outcome: FetchOutcome) {
        do {
            try AtomicFile.write(try JSONEncoder.dailyquote().encode(outcome), to: resultPath, durable: false)
        } catch {
            logger.warning("cannot record the refresh result: \(error.message)")
        }
    }

    /// The most a source started at `start` may use of `total`, which ends at `deadline`.
    ///
    /// Each source after it is kept a reserve of min(2 s, total / (sources + 1)), so that one
    /// source that never answers cannot starve the rest; but every source may use at least
    /// ``minimumShare`` (or what is left, if less). The total deadline always holds.
    static func shareDeadline(
        start: ContinuousClock.Instant, deadline: ContinuousClock.Instant, total: Duration, sourcesAfter: Int, sourceCount: Int
    ) -> ContinuousClock.Instant {
        let reserve = min(.seconds(2), total / (sourceCount + 1))
        let floor = min(start + minimumShare, deadline)
        return max(deadline - reserve * sourcesAfter, floor)
    }

    /// The least time a source gets, while the total deadline allows.
    static let minimumShare = Duration.seconds(1)
}
