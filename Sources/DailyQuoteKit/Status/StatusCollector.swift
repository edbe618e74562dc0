import DailyQuoteSystem
import FoundationEssentials

/// Gathers a ``StatusReport`` from the files, the unit directory and the notification server.
///
/// It reads and asks; it never writes.
package struct StatusCollector: Sendable {
    package var loaded: LoadedConfig
    /// Why the config file cannot be used, if it cannot (the defaults then stand in).
    package var configError: String?
    package var planner: DeliveryPlanner
    /// Where the run marker, the hold marker, the last refresh and the unit directory are.
    package var paths: AppPaths
    /// The delivery ledger, read only.
    package var ledger: DeliveryLedger
    /// The fetched-quote cache, read only.
    package var cache: QuoteCache
    /// The units `install` would write now, in each style; files equal to either are in sync.
    package var expectedUnits: [[SystemdUnit]]
    package var now: Int64
    /// Asks the notification server who it is (under its own deadline).
    package var serverInfo: @Sendable () throws -> NotificationServerInfo
    /// Which path a notification takes now; nil when not asked (tests).
    package var postingPath: (@Sendable () -> PostingPathReport)?
    /// The zone a service without `Environment=TZ=` would plan in, from the user manager's environment.
    ///
    /// Asked only where units are installed; nil when it cannot be known.
    package var managerZone: @Sendable () -> String? = { nil }
    /// Where the user generator writes (`$XDG_RUNTIME_DIR/systemd/generator`), if known.
    package var generatorDirectory: String?
    /// Whether the config names a zone (then the session's `TZ` does not matter).
    package var configNamesZone = false
    /// Loads a zone by name, to tell another name for the same zone (`UTC`, `Etc/UTC`) from another zone.
    package var zoneNamed: @Sendable (String) -> ZoneRules? = { _ in nil }
    /// The XDG autostart entry that starts `dailyquote run` at the next login, if one is active.
    package var autostartEntry: String? = nil
    /// Whether a systemd user manager answers, where the entry's `run --from-autostart` exits at once.
    package var managerAnswers: @Sendable () -> Bool = { false }

    private var format: ZonedTimeFormat { ZonedTimeFormat(zone: planner.zone) }

    /// Collects the report.
    ///
    /// With an invalid config nothing is next: the timers' `notify` refuses it, so the
    /// defaults' plan that stands in for the rest of the report promises no delivery. Nor with
    /// the quotes turned off (`enabled = false`), where nothing would deliver it.
    package func collect() -> StatusReport {
        let engine = engine()
        let next = configError == nil && engine.turnedOffIn == nil ? planner.deliveries(from: now + 1, count: 2) : []
        let nextRefresh = next.first { $0.refreshAt > now }?.refreshAt
        var report = StatusReport(
            config: .init(
                path: loaded.path, exists: loaded.fileExists, valid: configError == nil, error: configError,
                systemFiles: loaded.systemFiles, origins: loaded.origins, brokenLink: loaded.brokenLink),
            timeZone: planner.zone.identifier, rule: planner.summary,
            nextDelivery: next.first.map { upcoming($0.at, slot: $0.slot) }, nextRefresh: nextRefresh.map { upcoming($0) },
            cachedQuote: nil, cacheProblem: nil, lastRefresh: FetchOutcome.last(at: paths.lastRefresh),
            lastDelivery: nil,
            engine: engine, notificationServer: nil, notificationServerError: nil)
        report.sources = .init(loaded)
        report.localSources = LocalQuoteSource.all(in: loaded.config.sources).map(\.path)
        report.rules = planner.rules
        switch cache.read() {
        case .valid(let quote):
            let refusal = loaded.config.quotes.refusal(of: quote.quote)
            report.cachedQuote = .init(
                text: quote.text, author: quote.author, source: quote.source,
                fetchedAt: format.iso8601(quote.fetchedAt), ageSeconds: now - quote.fetchedAt,
                age: ZonedTimeFormat.relative(from: now, to: quote.fetchedAt), forDelivery: quote.forDelivery.map(format.iso8601),
                refusedBy: refusal?.key, refusal: refusal?.description)
        case .absent: break
        case .corrupt(let why):
            report.cacheProblem = "corrupt (\(why)); the next refresh sets it aside"
            report.cacheCorruption = why
        }
        let history = ledger.history()
        if let last = history.last(where: { $0.planned != nil }) {
            report.lastDelivery = .init(planned: last.planned, posted: last.posted, source: last.source, text: last.text)
        }
        addActions(to: &report, history: history)
        let future = futureRecords()
        if !future.isEmpty { report.futureRecords = future }
        report.zones = zoneAgreement(unitsInstalled: !report.engine.unitsInstalled.isEmpty)
        // Installed units without a user manager to load them run nothing.
        report.managerUnreachable = report.zones.map { $0.manager == nil }
        // Under a user manager the entry's `run` stands aside: only timers deliver there.
        let timers = !engine.unitsInstalled.isEmpty || !engine.generatedUnits.isEmpty
        report.autostartEntry = timers || engine.runProcess || !managerAnswers() ? autostartEntry : nil
        if let waiting = PresenceWaitMarker.live(in: paths) {
            report.waitingForPresence = .init(
                pid: waiting.pid, reason: waiting.reason, planned: format.iso8601(waiting.plannedAt), since: format.iso8601(waiting.since),
                until: format.iso8601(waiting.until), text: waiting.text(zone: planner.zone))
        }
        if let marker = HoldStage.Marker.live(in: paths) {
            report.holder = .init(
                pid: marker.pid, notificationId: marker.id, server: marker.server, posted: format.iso8601(marker.postedAt),
                until: format.iso8601(marker.until))
        }
        report.posting = postingPath?()
        do {
            report.notificationServer = try serverInfo()
        } catch {
            report.notificationServerError = error.message
            report.notificationServerFailure = error as? DeliveryError
        }
        return report
    }

    /// The buttons whose work failed on the last notification (a Copy without a clipboard).
    package func failedActions() -> [FailedAction] {
        guard let last = ledger.history().last else { return [] }
        return ActionLog(path: paths.actionLog).annotate([last]).first?.failedActions ?? []
    }

    /// Ledger records more than a day ahead of now.
    package func futureRecords() -> [String] {
        ledger.state().futureRecords(now: now, planner: planner)
    }

    /// The zones of this session, the user manager and the installed units; nil without units.
    package func zoneAgreement(unitsInstalled: Bool) -> ZoneAgreement? {
        guard unitsInstalled else { return nil }
        let service = UnitDirectory(path: paths.systemdUserDirectory).content(of: AppPaths.notifyService)
        var units = service.flatMap(ZoneAgreement.unitZone)
        if let name = units, let rules = zoneNamed(name), rules.keepsSameTime(as: planner.zone) { units = planner.zone.identifier }
        return ZoneAgreement(session: planner.zone.identifier, manager: managerZone(), units: units, configNamesZone: configNamesZone)
    }

    private func upcoming(_ instant: Int64, slot: String? = nil) -> StatusReport.Upcoming {
        .init(
            at: format.iso8601(instant), inSeconds: instant - now, relative: ZonedTimeFormat.relative(from: now, to: instant),
            slot: slot)
    }

    /// The engine section: unit files compared with what `install` would write, enablement
    /// from the `.wants` links, and a `run` process from its marker lock.
    package func engine() -> StatusReport.Engine {
        let directory = UnitDirectory(path: paths.systemdUserDirectory)
        let installed = directory.installed
        let enabled = !installed.isEmpty && SystemdUnit.timerNames.allSatisfy(directory.isEnabled)
        let matching = expectedUnits.first { directory.outOfSync($0).isEmpty }
        let horizon = directory.content(of: AppPaths.notifyTimer).flatMap(Self.lastAbsoluteDay)
        let run = FileLock.isHeld(path: paths.runMarker)
        // Units `install` wrote hide the generator's of the same names, as they do in systemd.
        let generated = installed.isEmpty ? generatorDirectory.map { UnitDirectory(path: $0).installed } ?? [] : []
        let timers = installed.isEmpty ? (generated.isEmpty ? nil : "generator") : "systemd"
        let kind = [timers, run ? "run" : nil].compactMap { $0 }.joined(separator: "+")
        // `enabled = false` turns off the generator and `run`; `install`'s units, written by hand, deliver anyway.
        let off = kind.isEmpty && configError == nil ? loaded.turnedOffIn : nil
        return .init(
            kind: off != nil ? "off" : kind.isEmpty ? "none" : kind, unitsInstalled: installed, timersEnabled: enabled,
            unitsInSync: matching != nil, unitsHorizonEnd: horizon, runProcess: run, generatedUnits: generated, turnedOffIn: off)
    }

    /// `2029-12-31` for a timer whose last line is `OnCalendar=2029-12-01..31 … UTC`; nil for calendar-style timers.
    static func lastAbsoluteDay(_ timer: String) -> String? {
        guard let last = timer.split(separator: "\n").last(where: { $0.hasPrefix("OnCalendar=") && $0.hasSuffix(" UTC") }),
            let match = last.firstMatch(of: #/OnCalendar=(\d{4})-(\d\d)-(?:[\d.,]*?)(\d\d) /#)
        else { return nil }
        return "\(match.1)-\(match.2)-\(match.3)"
    }
}
