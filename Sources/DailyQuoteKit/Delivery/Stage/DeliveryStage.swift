import DailyQuoteSystem
import FoundationEssentials
import Logging

/// The delivery stage: decides whether a planned delivery is due and, if so, posts the
/// quote once.
///
/// It never touches the network.
///
/// The order of steps makes concurrent runs safe: take the ledger's exclusive lock, re-read
/// the ledger, post, record, release. Twenty processes at a due instant post one notification.
package struct DeliveryStage: Sendable {
    package var planner: DeliveryPlanner
    package var config: Config
    package var ledger: DeliveryLedger
    /// Where the quote comes from: the cache, the local sources or the bundled collection.
    package var quotes: QuoteChooser
    package var poster: any NotificationPosting
    /// The current Unix time; passed in so that tests can set it.
    package var clock: @Sendable () -> Int64
    package var logger: Logger
    /// Tells whether the person is away and waits for them (`delivery.wait_for_presence`);
    /// nil posts at once.
    package var presence: (any PresenceChecking)?
    /// The language of the notification's default title, author line and buttons.
    package var tr = Translator.english

    private var format: ZonedTimeFormat { ZonedTimeFormat(zone: planner.zone) }

    /// The deadline for one run that starts now: `notification.timeout` from now.
    package var deadlineFromNow: Deadline { .after(seconds: config.notification.timeout.seconds) }

    /// Runs the due rule and posts if a delivery is due.
    ///
    /// While the person is away (``presence``), a due delivery waits for them, without the
    /// ledger's lock, until they are back or its limit: the end of the catch-up window, the next
    /// planned delivery, or `catch_up` after this call began, whichever comes first. It then runs
    /// the due rule again, so a later delivery that came due meanwhile is the one posted (and
    /// waits in turn) and the delivery that waited is posted once, if no other process did.
    /// A dry run reads but writes, waits and posts nothing. Each pass posts within
    /// `notification.timeout` of taking the lock; reading the presence signals does not count.
    ///
    /// A stop request (SIGTERM or SIGINT for `notify`) is heard from the moment the person is
    /// found away until the post begins: during the wait, and after it while another process
    /// holds the lock or the due rule runs again. It ends the run with nothing posted; a post
    /// that has begun is finished first.
    package func deliverIfDue(mode: ExecutionMode) throws -> DeliveryOutcome {
        let budgetEnd = clock() + max(config.delivery.catchUp.seconds, DueDecision.onTimeGrace)
        var waited: PresenceWait?
        // Kept until the run ends: it hears stop requests until then.
        var watching: (any PresenceWatching)?
        defer { withExtendedLifetime(watching) {} }
        while true {
            switch try attempt(mode: mode, waited: waited, watching: watching, budgetEnd: budgetEnd) {
            case .done(let outcome):
                return outcome
            case .away(let delivery, let watch, let until):
                // The previous watch (a later delivery came due) lets go of the signals before this
                // one catches them, and before anything (status's marker) says the delivery waits.
                watching = nil
                if !watch.catchStops() { logger.warning("cannot catch SIGTERM and SIGINT; the delivery does not wait for presence") }
                watching = watch
                let since = clock()
                var marker = PresenceWaitMarker(
                    pid: ProcessID.current.rawValue, plannedAt: delivery.at, since: since, until: until, reason: watch.reason)
                logger.notice("\(marker.text(zone: planner.zone)): the delivery planned for \(format.iso8601(delivery.at))")
                let lock = marker.publish(in: ledger.paths)
                let end = watch.waitUntilPresent(seconds: until - since) { reason in
                    // `status` says what the wait is for now.
                    marker.reason = reason
                    if lock != nil { try? marker.write(in: ledger.paths) }
                    logger.info("still waiting: \(reason.waitingText)")
                }
                withExtendedLifetime(lock) {}
                logger.info("presence wait ended: \(end.rawValue) after \(clock() - since) s")
                // A stop that came as the wait ended (the unlock and SIGTERM at once) counts too.
                guard end != .stopped, !watch.stopRequested else { return Self.stopped(delivery, afterWait: false) }
                waited = PresenceWait(delivery: delivery, seconds: clock() - since, end: end)
            }
        }
    }

    /// The outcome of a run stopped while `delivery` waited for presence, or `afterWait`, between
    /// the wait and the post.
    static func stopped(_ delivery: PlannedDelivery?, afterWait: Bool) -> DeliveryOutcome {
        var outcome = DeliveryOutcome(result: .stopped)
        outcome.plannedAt = delivery?.at
        outcome.slot = delivery?.slot
        outcome.detail =
            afterWait
            ? "stopped while waiting for presence (the wait had ended; nothing was posted); the delivery stays due"
            : "stopped while waiting for presence; the delivery stays due"
        return outcome
    }

    /// A wait for presence that has ended.
    struct PresenceWait {
        var delivery: PlannedDelivery
        var seconds: Int64
        var end: PresenceWaitEnd
    }

    /// What one pass under the ledger's lock found.
    enum Attempt {
        case done(DeliveryOutcome)
        /// `delivery` is due but the person is away: wait (without the lock) until `until`.
        case away(PlannedDelivery, any PresenceWatching, until: Int64)
    }

    /// One pass of ``deliverIfDue(mode:)`` under the ledger's lock; stopped when `watching` (the
    /// last wait's watch) hears a stop request before the lock is taken.
    private func attempt(mode: ExecutionMode, waited: PresenceWait?, watching: (any PresenceWatching)?, budgetEnd: Int64) throws
        -> Attempt
    {
        let stopped = { watching?.stopRequested ?? false }
        do {
            return try underLock(mode: mode, deadline: nil, stopped: stopped) { state, now, deadline in
                try decide(mode: mode, state: state, now: now, deadline: deadline, waited: waited, budgetEnd: budgetEnd, stopped: stopped)
            }
        } catch FileLock.LockError.stopped {
            // While another process held the lock (posting the same delivery, say).
            return .done(Self.stopped(waited?.delivery, afterWait: true))
        }
    }

    /// The due rule and what follows from it, under the ledger's lock.
    private func decide(
        mode: ExecutionMode, state: LedgerState, now: Int64, deadline: Deadline, waited: PresenceWait?, budgetEnd: Int64,
        stopped: () -> Bool
    ) throws -> Attempt {
        // Stopped just as the lock was taken.
        if stopped() { return .done(Self.stopped(waited?.delivery, afterWait: true)) }
        let catchUp = config.delivery.catchUp.seconds
        // The delivery that waited to its limit is still due a moment past it.
        let window = waited.map { max(catchUp, now - $0.delivery.at) } ?? catchUp
        switch DueDecision.decide(planner: planner, now: now, catchUp: window, ledger: state) {
        case .nothingDue(let reason, let next):
            logger.info("nothing due: \(reason.rawValue)")
            var outcome = DeliveryOutcome(result: .nothingDue)
            outcome.detail = reason.rawValue
            outcome.nextAt = next?.at
            return .done(outcome)
        case .due(let delivery):
            var wait = waited.flatMap { $0.delivery == delivery ? $0 : nil }
            var postDeadline = deadline
            if !mode.isDryRun, wait == nil, let presence {
                let asked = ContinuousClock.now
                if let watch = presence.awayWatch() {
                    let limit = delivery.at + max(catchUp, DueDecision.onTimeGrace)
                    let next = planner.deliveries(from: now + 1, count: 1).first?.at ?? limit
                    let until = min(limit, next, budgetEnd)
                    if until > now { return .away(delivery, watch, until: until) }
                    wait = PresenceWait(delivery: delivery, seconds: 0, end: .timeout)
                }
                // Reading the presence signals is not posting: its time does not count against the post's deadline.
                postDeadline = deadline + (ContinuousClock.now - asked)
            }
            let outcome = try deliver(
                for: delivery, day: delivery.day, state: state, now: now, mode: mode, deadline: postDeadline, wait: wait
            ) { entry in
                try ledger.record(entry, state: .delivered(delivery, postedAt: entry.postedAt))
            }
            return .done(outcome)
        }
    }

    /// Posts the current quote at once (`notify --now`), due or not.
    ///
    /// It records a history line but leaves the state alone, so the day's planned delivery still happens.
    package func postNow(mode: ExecutionMode, deadline: Deadline? = nil) throws -> DeliveryOutcome {
        try underLock(mode: mode, deadline: deadline) { state, now, deadline in
            try deliver(for: nil, day: planner.localDay(of: now), state: state, now: now, mode: mode, deadline: deadline) { entry in
                var preview = entry
                preview.now = true
                try ledger.appendHistory(preview, durable: false)
            }
        }
    }

    /// Runs `body` with the ledger's state, under the ledger's lock (taken before `deadline`,
    /// default ``deadlineFromNow``).
    ///
    /// The lock is a file: a dry run must not create it, and reading without it is harmless.
    private func underLock<Result>(
        mode: ExecutionMode, deadline: Deadline?, stopped: () -> Bool = { false }, _ body: (LedgerState, Int64, Deadline) throws -> Result
    ) throws -> Result {
        let deadline = deadline ?? deadlineFromNow
        let lock = mode.isDryRun ? nil : try FileLock(path: ledger.lockPath, until: deadline, stopped: stopped)
        defer { withExtendedLifetime(lock) {} }
        let now = clock()
        return try body(try currentState(mode: mode, now: now), now, deadline)
    }

    /// Chooses the quote for `day`, and unless this is a dry run posts it and hands the
    /// history entry (with how long it waited for presence) to `record`.
    private func deliver(
        for delivery: PlannedDelivery?, day: CivilDate, state: LedgerState, now: Int64, mode: ExecutionMode, deadline: Deadline,
        wait: PresenceWait? = nil, record: (HistoryEntry) throws -> Void
    ) throws -> DeliveryOutcome {
        guard let choice = quotes.choose(for: .delivery(day: day), lastPostedAt: state.lastPostedAt, now: now) else {
            throw DeliveryError.failed("no quote to post")
        }
        warnIfUnfiltered(choice)
        var outcome = DeliveryOutcome(result: .wouldPost)
        outcome.plannedAt = delivery?.at
        outcome.slot = delivery?.slot
        outcome.quote = choice.quote
        outcome.source = choice.source
        outcome.reason = choice.reason
        guard !mode.isDryRun else { return outcome }
        var entry = try post(choice, for: delivery, deadline: deadline)
        if let wait {
            entry.waitedSeconds = wait.seconds
            if wait.end == .timeout { entry.presence = "timeout" }
        }
        try record(entry)
        return outcome.posted(entry)
    }

    /// Warns when `[quotes]` refused every bundled quote, so the filters were not applied.
    private func warnIfUnfiltered(_ choice: QuoteChoice) {
        if choice.reason.hasSuffix(QuoteChoice.noBundledQuotePasses) {
            logger.warning("\(QuoteChoice.noBundledQuotePasses); loosen the filters or add a source")
        }
    }

    /// The ledger's state, read under the lock and repaired if it must be.
    ///
    /// A dry run only reads. Records from a clock that was wrong are left out.
    private func currentState(mode: ExecutionMode, now: Int64) throws -> LedgerState {
        (mode.isDryRun ? ledger.state() : try ledger.repairedState()).ignoringFuture(now: now, planner: planner)
    }

    /// Posts `choice` before `deadline` and returns the history entry describing it.
    ///
    /// The post comes first. The holder of the previous quote, if one still runs, is ended only
    /// once the new quote is posted (a failed post leaves the old one shown and held), and the
    /// history records that the old one was replaced: by the new holder, which takes over its
    /// lock (``HoldStage/Takeover``), or here when the new quote needs no holder. (On the GNOME path the
    /// new quote replaces the last one in GNOME's tray by its fixed id.)
    private func post(_ choice: QuoteChoice, for delivery: PlannedDelivery?, deadline: Deadline) throws -> HistoryEntry {
        var notification = DesktopNotification(quote: choice.quote, config: config.notification, tr: tr)
        notification.source = choice.source
        let posted = try poster.post(notification, holdUntil: holdUntil(now: clock()), deadline: deadline)
        if !posted.held { HoldStage.Takeover(paths: ledger.paths, clock: clock, logger: logger).endPrevious() }
        let postedAt = posted.postedAt ?? clock()
        var entry = HistoryEntry(
            planned: delivery.map { format.iso8601($0.at) }, plannedAt: delivery?.at, plannedDay: delivery?.day.description,
            posted: format.iso8601(postedAt), postedAt: postedAt, quote: choice.quote, source: choice.source,
            reason: choice.reason, server: posted.server.name)
        entry.notificationId = posted.id
        entry.path = posted.path
        entry.slot = delivery?.slot
        entry.slotOfDay = delivery?.slotOfDay
        return entry
    }

    /// When a holder lets go at the latest: a minute after the next planned delivery (which
    /// ends it sooner by replacing its quote), or sooner if `notification.hold` says so.
    func holdUntil(now: Int64) -> Int64 {
        let next = planner.deliveries(from: now + 1, count: 1).first?.at ?? now + 86_400
        let untilNext = next + 60
        guard let hold = config.notification.hold else { return untilNext }
        return min(untilNext, now + hold.seconds)
    }
}
