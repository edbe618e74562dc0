import Logging

/// Where quotes are chosen from, and under which rules: the one call shape of
/// ``QuoteChoice/choose(for:cache:lastPostedAt:history:now:bundled:filters:local:)`` for the
/// delivery, `show` and the Another button.
///
/// Built once from the config (`StageFactory.quoteChooser`); a holder builds it from its request.
package struct QuoteChooser: Sendable {
    /// The fetched quote, used first where the rules allow.
    package var cache: QuoteCache
    /// The history the no-repeat rule reads.
    package var ledger: DeliveryLedger
    /// The `[quotes]` filters every chosen quote must pass.
    package var filters: QuotesConfig
    /// The local sources tried before the bundled collection, in order.
    package var local: [LocalQuoteSource]

    package init(paths: AppPaths, logger: Logger? = nil, filters: QuotesConfig = QuotesConfig(), local: [LocalQuoteSource] = []) {
        cache = QuoteCache(path: paths.quoteCache)
        ledger = paths.deliveryLedger(logger: logger)
        (self.filters, self.local) = (filters, local)
    }

    /// The quote for `purpose` at `now`, the last notification having been posted at `lastPostedAt`.
    package func choose(for purpose: QuoteChoice.Purpose, lastPostedAt: Int64?, now: Int64) -> QuoteChoice? {
        QuoteChoice.choose(
            for: purpose, cache: cache.read(), lastPostedAt: lastPostedAt, history: ledger.quoteHistory(), now: now, filters: filters,
            local: local)
    }
}
