import FoundationEssentials
import Logging

/// The fetch stage: tries the sources in order under one hard deadline and caches the first
/// acceptable quote atomically.
///
/// It never posts anything.
public struct RefreshStage: Sendable {
    public var config: Config
    public var planner: DeliveryPlanner
    public var cache: QuoteCache
    public var ledger: DeliveryLedger
    public var reader: QuoteSourceReader
    public var clock: @Sendable () -> Int64
    public var logger: Logger

    public init(
        config: Config, planner: DeliveryPlanner, cache: QuoteCache, ledger: DeliveryLedger, reader: QuoteSourceReader,
        clock: @escaping @Sendable () -> Int64, logger: Logger
    ) {
        self.config = config
        self.planner = planner
        self.cache = cache
        self.ledger = ledger
        self.reader = reader
        self.clock = clock
        self.logger = logger
    }

    /// Where the last refresh's outcome is kept for `status`.
    public var resultPath: String { RefreshOutcome.path(inStateDirectory: ledger.directory) }

    /// Runs the stage; the deadline counts from `started`, the command's start.
    public func run(started: ContinuousClock.Instant = .now) async throws -> RefreshOutcome {
        let deadline = started + .seconds(config.refresh.timeout.seconds)
        let lock = try FileLock(path: "\(cache.directory)/refresh.lock", timeout: Self.seconds(until: deadline))
        defer { withExtendedLifetime(lock) {} }
        let cached = currentCache()
        let now = clock()
        let recent = Set(ledger.history().filter { $0.postedAt > now - 365 * 86_400 }.map(\.quote.normalisedText))
        var attempts: [RefreshOutcome.Attempt] = []
        var outcome = RefreshOutcome(result: "failed", elapsedMs: 0, attempts: [], at: now)
        sources: for source in config.sources {
            for _ in 0..<(source.isRandom ? 2 : 1) {
                do {
                    let quote = try await Self.withDeadline(deadline) { try await reader.read(source, deadline: deadline) }
                    if recent.contains(quote.normalisedText) { throw FetchError.repeated }
                    if let cached, cached.quote.normalisedText == quote.normalisedText {
                        attempts.append(.init(source: source.name, outcome: "unchanged", error: nil))
                        outcome.result = "unchanged"
                    } else {
                        let entry = CachedQuote(
                            text: quote.text, author: quote.author, source: source.name, url: source.effectiveURL ?? source.path,
                            fetchedAt: clock(), forDelivery: planner.deliveries(from: now, count: 1).first?.at)
                        try cache.store(entry)
                        attempts.append(.init(source: source.name, outcome: "accepted", error: nil))
                        outcome.result = "fetched"
                    }
                    outcome.source = source.name
                    outcome.quote = quote
                    break sources
                } catch let error as FetchError {
                    logger.info("\(source.name): \(error.description)")
                    attempts.append(.init(source: source.name, outcome: "failed", error: error.description))
                    if error != .repeated { break }
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
        case .quote(let quote): return quote
        case .absent: return nil
        case .corrupt(let why):
            logger.warning("the cached quote is corrupt (\(why)); moved aside to \(cache.path).corrupt")
            _ = try? FileManager.default.removeItem(atPath: cache.path + ".corrupt")
            _ = try? FileManager.default.moveItem(atPath: cache.path, toPath: cache.path + ".corrupt")
            return nil
        }
    }

    /// Keeps the outcome for `status`; failing to is logged, not fatal.
    private func record(_ outcome: RefreshOutcome) {
        do {
            try AtomicFile.write(try JSONEncoder.dailyquote().encode(outcome), to: resultPath, durable: false)
        } catch {
            logger.warning("cannot record the refresh result: \(error.message)")
        }
    }

    static func seconds(until deadline: ContinuousClock.Instant) -> Double {
        let left = deadline - .now
        return max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }

    /// Runs `work`, cancelling it at `deadline`.
    ///
    /// Cancellation is what stops a trickling server.
    static func withDeadline<T: Sendable>(
        _ deadline: ContinuousClock.Instant, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        guard deadline > .now else { throw FetchError.timedOut }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw FetchError.timedOut }
            return value
        }
    }
}
