import FoundationEssentials
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The holder's side (`dailyquote hold`): posts the notification it is handed, reports it,
/// and, on a server that keeps notifications, stays as its sender until it is closed, the
/// hold ends, or the next delivery replaces it.
///
/// While it holds, it keeps `hold.lock` and `hold.json` in the state directory, and it
/// records how the notification ended in `closed.jsonl`.
public struct HoldStage: Sendable {
    public var paths: AppPaths
    public var clock: @Sendable () -> Int64
    public var logger: Logger

    public init(paths: AppPaths, clock: @escaping @Sendable () -> Int64, logger: Logger) {
        self.paths = paths
        self.clock = clock
        self.logger = logger
    }

    /// Whether a notification on `server` needs a holder to stay while it is shown.
    ///
    /// Servers that advertise `persistence` keep notifications in a tray after the banner.
    /// Among them GNOME Shell 46 and later removes a notification when its sender leaves the
    /// bus (measured: docs/desktops.md); on the others holding costs one sleeping process.
    /// Servers without it show a banner that expires and keep nothing to hold.
    public static func needsHolder(_ server: NotificationServerInfo) -> Bool {
        server.capabilities.contains("persistence")
    }

    /// Posts and holds `request`, and returns how the hold ended.
    ///
    /// `report` gets the one reply for `notify`, as soon as the notification is posted.
    public func run(_ request: HoldRequest, report: (HoldReply) -> Void) -> HoldEnd? {
        var lock: FileLock?
        var posted: HoldReply?
        let end = LibnotifyPoster().postAndHold(request, clock: clock, keep: Self.needsHolder) { reply in
            posted = reply
            if reply.holding, let id = reply.id, let postedAt = reply.postedAt {
                // The marker is written before `notify` hears back, so the next delivery always finds it.
                do {
                    lock = try FileLock(path: paths.holdLock, until: .after(seconds: 2))
                    let marker = HoldMarker(
                        pid: getpid(), id: id, postedAt: postedAt, until: request.until, server: reply.server?.name ?? "")
                    try AtomicFile.write(
                        try JSONEncoder.dailyquote().encode(marker), to: paths.holdMarker, durable: false)
                } catch {
                    logger.warning("cannot mark the hold in \(paths.stateDirectory): \(error.message)")
                }
            }
            report(reply)
        }
        withExtendedLifetime(lock) {}
        guard let end, let id = posted?.id, let postedAt = posted?.postedAt else { return end }
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
}
