/// Posts through a holder process (``HolderLauncher``), which keeps the notification while the
/// server shows it.
public struct HoldingPoster: NotificationPosting {
    public var launcher: HolderLauncher

    public init(launcher: HolderLauncher) {
        self.launcher = launcher
    }

    public func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Double) throws(DeliveryError) -> PostedNotification {
        // Holders of earlier deliveries are children of a long-lived `run`: reap those that ended.
        DetachedChild.reapFinished()
        let start = ContinuousClock.now
        if let posted = try LibnotifyPoster().postUnlessHeld(notification, deadline: deadline, needsHolder: HoldStage.needsHolder) {
            return posted
        }
        let left = deadline - Double((ContinuousClock.now - start) / .milliseconds(1)) / 1000
        let reply = try launcher.post(HoldRequest(notification: notification, replaces: nil, until: holdUntil), deadline: left)
        guard let server = reply.server else { throw .failed("the holder did not say which server took the notification") }
        return PostedNotification(server: server, id: reply.id, held: reply.holding)
    }
}
