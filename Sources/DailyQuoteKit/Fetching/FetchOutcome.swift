/// What `dailyquote refresh` did; `--json` prints it, and `refresh.json` in the state directory keeps the last one.
package struct FetchOutcome: Sendable, Codable, Equatable {
    /// What a run gave; the raw values are what `--json` and `refresh.json` hold.
    package enum Result: String, Sendable, Codable, Equatable {
        /// A new quote, now in the cache.
        case fetched
        /// The source gave the quote already cached; the cache is untouched.
        case unchanged
        /// No source gave an acceptable quote; the cache is untouched.
        case failed
    }

    /// One source tried, or skipped.
    package struct Attempt: Sendable, Codable, Equatable {
        /// What came of one source; the raw values are what `--json` prints.
        package enum Outcome: String, Sendable, Codable, Equatable {
            case accepted, unchanged, failed
            /// Not tried: the deadline had passed.
            case skipped
        }

        package var source: String
        /// The host asked (`zenquotes.io`, `127.0.0.1:8080`), for a network source; never the
        /// URL's path or query, or a header.
        package var host: String?
        /// The file read, for a `fortune` or `file` source.
        package var path: String?
        package var outcome: Outcome
        package var error: String?
        /// The `[quotes]` key that refused the source's quote (`max_length`, `exclude_authors`, ...);
        /// `error` says why.
        package var refusedBy: String?
        /// The environment variables the source's headers take that were not set, so that it
        /// was not asked; `error` says so.
        package var unsetVariables: [String]?

        package init(_ source: SourceConfig, outcome: Outcome, error: String? = nil) {
            self.source = source.name
            self.host = source.host
            self.path = source.host == nil ? source.path : nil
            self.outcome = outcome
            self.error = error
        }

        /// `zenquotes (127.0.0.1:8080): HTTP 500`, `fortune (/usr/share/games/fortunes/wisdom): skipped, ...`.
        package var text: String { text(.english) }

        /// ``text`` in `tr`'s language; the error itself is the source's or the system's.
        package func text(_ tr: Translator) -> String {
            let place = host ?? path
            // TRANSLATORS: a source that refresh did not ask because its time ran out.
            let detail = outcome == .skipped ? tr("skipped, not tried before the deadline") : error ?? outcome.rawValue
            // TRANSLATORS: a source and what came of it, in status's last refresh ("zenquotes (zenquotes.io): HTTP 500").
            return tr("%1$s: %2$s", source + (place.map(tr.parenthesized) ?? ""), detail)
        }
    }

    package var result: Result
    /// The source that gave the quote.
    package var source: String?
    package var elapsedMs: Int
    package var attempts: [Attempt]
    package var quote: Quote?
    /// When it ran (Unix seconds).
    package var at: Int64

    /// `fetched "…" — Seneca (zenquotes, 312 ms)`, or the failure with each source's error.
    ///
    /// Quotes `[quotes]` refused before the one taken, and sources not asked for want of an
    /// environment variable, are named after it, so that `status` says why a source further down
    /// the list gave the quote.
    package var text: String { text(.english) }

    /// ``text`` in `tr`'s language, as `status` shows the last refresh.
    package func text(_ tr: Translator) -> String {
        let ms = String(elapsedMs)
        switch result {
        case .failed:
            let reasons = attempts.map { $0.text(tr) }
            // TRANSLATORS: the last refresh in status: how long it took, then each source's error.
            return tr("failed (%1$s ms): %2$s", ms, reasons.isEmpty ? tr("no sources") : tr.clauses(reasons))
        case .fetched, .unchanged:
            let refused = attempts.filter { $0.refusedBy != nil || $0.unsetVariables != nil }.map { $0.text(tr) }
            let (excerpt, from) = (quote?.excerpt(tr) ?? tr("nothing"), source ?? "?")
            switch (result == .fetched, refused.isEmpty) {
            case (true, true):
                // TRANSLATORS: the last refresh in status: the quote, its source, how long it took.
                return tr("fetched %1$s (%2$s, %3$s ms)", excerpt, from, ms)
            case (true, false):
                // TRANSLATORS: as "fetched …", then the sources whose quotes were refused or not asked before this one.
                return tr("fetched %1$s (%2$s, %3$s ms; before it, %4$s)", excerpt, from, ms, tr.clauses(refused))
            case (false, true):
                // TRANSLATORS: the last refresh in status: the source gave the quote already cached.
                return tr("unchanged %1$s (%2$s, %3$s ms)", excerpt, from, ms)
            case (false, false):
                return tr("unchanged %1$s (%2$s, %3$s ms; before it, %4$s)", excerpt, from, ms, tr.clauses(refused))
            }
        }
    }
}
