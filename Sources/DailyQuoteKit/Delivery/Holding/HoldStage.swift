import FoundationEssentials
import Logging

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// The holder's side (`dailyquote hold`): posts the notification it is handed, reports it,
/// and, on a server that keeps notifications, stays as its sender until it is closed, the
/// hold ends, or the next delivery replaces it.
///
/// While it holds, it keeps `hold.lock` and `hold.json` in the state directory, and it
/// records how the notification ended in `closed.jsonl`.
package struct HoldStage: Sendable {
    package var paths: AppPaths
    package var clock: @Sendable () -> Int64
    package var logger: Logger
    /// Answers the notification's buttons; nil offers none.
    package var answerer: ActionAnswerer?

    package init(paths: AppPaths, clock: @escaping @Sendable () -> Int64, logger: Logger, answerer: ActionAnswerer? = nil) {
        self.paths = paths
        self.clock = clock
        self.logger = logger
        self.answerer = answerer
    }

    /// Whether a notification on `server` needs a holder to stay while it is shown.
    ///
    /// Servers that advertise `persistence` keep notifications in a tray after the banner.
    /// Among them GNOME Shell 46 and later removes a notification when its sender leaves the
    /// bus (measured: docs/desktops.md); on the others holding costs one sleeping process.
    /// Servers without it show a banner that expires and keep nothing to hold.
    /// A notification that offers buttons (`offering`, on a server with the `actions`
    /// capability) needs one too: the holder is what answers them.
    package static func needsHolder(_ server: NotificationServerInfo, offering actions: [NotificationAction] = []) -> Bool {
        server.capabilities.contains("persistence") || (server.capabilities.contains("actions") && !actions.isEmpty)
    }

    /// Posts and holds `request`, and returns how the hold ended.
    ///
    /// `report` gets the one reply for `notify`, as soon as the notification is posted.
    package func run(_ request: HoldRequest, report: (HoldReply) -> Void) -> HoldEnd? {
        var lock: FileLock?
        var posted: HoldReply?
        var shown: ActionAnswerer.Shown?
        var request = request
        if answerer == nil { request.notification.actions = nil }
        let until = request.until
        let answer: (NotificationAction, (DesktopNotification) -> Bool) -> Void = { action, replace in
            guard let answerer, let current = shown else { return }
            let next = answerer.answer(action, on: current, replace: { notification, _ in replace(notification) })
            if next.postedAt != current.postedAt { markAnother(next, until: until) }
            shown = next
        }
        let end = LibnotifyPoster().postAndHold(request, clock: clock, keep: Self.needsHolder(_:offering:), answer: answer) { reply in
            posted = reply
            if reply.holding, let id = reply.id, let postedAt = reply.postedAt {
                // The marker is written before `notify` hears back, so the next delivery always finds it.
                do {
                    lock = try FileLock(path: paths.holdLock, until: .after(seconds: 2))
                    let marker = HoldMarker(
                        pid: getpid(), id: id, postedAt: postedAt, until: request.until, server: reply.server?.name ?? "")
                    try marker.write(in: paths)
                } catch {
                    logger.warning("cannot mark the hold in \(paths.stateDirectory): \(error.message)")
                }
                shown = ActionAnswerer.Shown(
                    notification: request.notification, id: id, postedAt: postedAt, server: reply.server?.name ?? ""
                )
            }
            report(reply)
        }
        withExtendedLifetime(lock) {}
        guard let end, let id = posted?.id, let postedAt = shown?.postedAt ?? posted?.postedAt else { return end }
        if case .closed(let reason) = end {
            do {
                try ClosedLog(path: paths.closedLog).append(.init(id: id, postedAt: postedAt, reason: reason, at: clock()))
            } catch {
                logger.warning("cannot record how the notification ended: \(error.message)")
            }
        }
        logger.info("the hold ended: \(end)")
        return end
    }

    /// Points `hold.json` at the Another quote now shown, so that the next delivery records the
    /// replacement against its history entry.
    private func markAnother(_ shown: ActionAnswerer.Shown, until: Int64) {
        let marker = HoldMarker(pid: getpid(), id: shown.id, postedAt: shown.postedAt, until: until, server: shown.server)
        do {
            try marker.write(in: paths)
        } catch {
            logger.warning("cannot mark the hold in \(paths.stateDirectory): \(error.message)")
        }
    }
}
