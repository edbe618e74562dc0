import DailyQuoteSystem
import FoundationEssentials
import Logging

/// The holder's answers to the notification's buttons: Copy, Save and Another.
///
/// Every button pressed is recorded in `actions.jsonl` against the history entry of the quote
/// it was pressed on, with why its work was not done where it failed (``ButtonPress/failure``:
/// `history`, `status` and `doctor` show it). A failure is logged too, and the holder goes on
/// holding.
package struct ActionAnswerer: Sendable {
    /// Where the action log, the ledger and the cache are.
    package var paths: AppPaths
    package var favorites: FavoritesStore
    package var clipboard: Clipboard
    /// How the history writes times (the delivery's zone).
    package var format: ZonedTimeFormat
    package var clock: @Sendable () -> Int64
    package var logger: Logger
    /// Where an Another quote comes from, and the `[quotes]` filters it must pass (none where
    /// no config is loaded).
    package var quotes: QuoteChooser
    /// Whether a failed Copy or Save is said in the notification (GNOME's path, whose
    /// notification keeps its id when replaced); elsewhere the history and `status` say it.
    package var showsFailures = false

    /// `quotes` nil: from `paths`, without filters or local sources.
    package init(
        paths: AppPaths, favorites: FavoritesStore, clipboard: Clipboard, format: ZonedTimeFormat,
        clock: @escaping @Sendable () -> Int64, logger: Logger, quotes: QuoteChooser? = nil
    ) {
        self.paths = paths
        self.favorites = favorites
        self.clipboard = clipboard
        self.format = format
        self.clock = clock
        self.logger = logger
        self.quotes = quotes ?? QuoteChooser(paths: paths, logger: logger)
    }

    /// The notification that was shown when a button was pressed, and its history entry's key.
    package struct Shown: Sendable, Equatable {
        package var notification: DesktopNotification
        package var id: UInt32
        package var postedAt: Int64
        package var server: String
        /// The path it was posted on, for the Another entry's history line.
        package var path: PostingPath?

        /// `source`, where given, is where the quote came from: the notification carries it (for Save).
        package init(
            notification: DesktopNotification, id: UInt32, postedAt: Int64, source: String? = nil, server: String,
            path: PostingPath? = nil
        ) {
            self.notification = notification
            if let source { self.notification.source = source }
            self.id = id
            self.postedAt = postedAt
            self.server = server
            self.path = path
        }
    }

    /// Answers `action` on `shown`, records the press with its outcome, and returns what is
    /// shown afterwards.
    ///
    /// For Another, `replace` posts the new notification in place with the posting time its
    /// history entry gets, and answers the id it is shown under (the same one, except where the
    /// server needs a new popup), or nil when the server did not take it. Where
    /// ``showsFailures`` is set, a Copy or Save that failed is said in the notification itself:
    /// `replace` re-posts it in place, under the same posting time, with the reason below the quote.
    package func answer(
        _ action: NotificationAction, on shown: Shown, replace: (DesktopNotification, _ postedAt: Int64) -> UInt32?
    ) -> Shown {
        let now = clock()
        var next = shown
        var failure: String?
        if let quote = shown.notification.quote {
            switch action {
            case .copy:
                do {
                    try clipboard.copy(Clipboard.text(of: quote))
                    logger.info("copied the quote to the clipboard")
                } catch {
                    failure = error.message
                }
            case .save:
                do {
                    let added = try favorites.save(quote, source: shown.notification.source, at: now)
                    logger.info(added ? "saved the quote to \(favorites.path)" : "the quote is saved already")
                } catch {
                    failure = error.message
                }
            case .another:
                (next, failure) = another(for: shown, quote: quote, replace: replace)
            }
        } else {
            failure = "the notification has no quote to act on"
        }
        if let failure { logger.warning("\(FailedAction(action: action, reason: failure).description)") }
        do {
            try ActionLog(path: paths.actionLog).append(
                .init(id: shown.id, postedAt: shown.postedAt, action: action, at: now, failure: failure))
        } catch {
            logger.warning("cannot record the \(action.rawValue) action: \(error.message)")
        }
        if let failure, showsFailures, action != .another {
            var told = shown.notification
            // TRANSLATORS: below the quote when its Copy or Save button failed: the button's label (%1$s), then why (%2$s, in English).
            told.body += "\n\n" + told.tr("%1$s failed: %2$s", told.label(action), failure)
            if replace(told, shown.postedAt) == nil { logger.warning("cannot show the failure in the notification") }
        }
        return next
    }

    private func another(
        for shown: Shown, quote: Quote, replace: (DesktopNotification, Int64) -> UInt32?
    ) -> (Shown, failure: String?) {
        let ledger = quotes.ledger
        guard let choice = quotes.choose(for: .another(replacing: quote), lastPostedAt: ledger.state().lastPostedAt, now: clock()) else {
            return (shown, "no other quote to show")
        }
        var notification = shown.notification
        notification.show(choice.quote, source: choice.source)
        // Its history entry is told apart from the one it replaced by the posting time.
        let postedAt = max(clock(), shown.postedAt + 1)
        guard let id = replace(notification, postedAt) else {
            return (shown, "the server did not take the other quote")
        }
        var entry = HistoryEntry(
            planned: nil, plannedAt: nil, plannedDay: nil, posted: format.iso8601(postedAt), postedAt: postedAt, quote: choice.quote,
            source: choice.source, reason: choice.reason, server: shown.server)
        entry.path = shown.path
        // GNOME's notification has no numeric id: its events go by ``HistoryEntry/eventId``.
        entry.notificationId = shown.path == .gnome ? nil : id
        entry.another = true
        do {
            try ledger.appendHistory(entry)
        } catch {
            logger.warning("cannot record the other quote: \(error.message)")
        }
        return (Shown(notification: notification, id: id, postedAt: postedAt, server: shown.server, path: shown.path), nil)
    }
}
