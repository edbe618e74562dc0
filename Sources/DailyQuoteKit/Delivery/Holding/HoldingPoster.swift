/// Posts through a holder process (``HolderLauncher``), which keeps the notification while the
/// server shows it.
public struct HoldingPoster: NotificationPosting {
    public var launcher: HolderLauncher

    public init(launcher: HolderLauncher) {
        self.launcher = launcher
    }

    public func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        // Holders of earlier deliveries are children of a long-lived `run`: reap those that ended.
        DetachedChild.reapFinished()
        if let posted = try LibnotifyPoster().postUnlessHeld(notification, deadline: deadline, needsHolder: HoldStage.needsHolder) {
            return posted
        }
        let reply = try launcher.post(HoldRequest(notification: notification, replaces: nil, until: holdUntil), deadline: deadline)
        guard let server = reply.server else { throw .failed("the holder did not say which server took the notification") }
        return PostedNotification(server: server, id: reply.id, held: reply.holding)
    }
}
