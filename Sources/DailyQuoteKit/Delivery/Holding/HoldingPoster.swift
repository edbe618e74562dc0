/// Posts through a holder (a `dailyquote hold` process, or `run`'s own), which keeps the
/// notification while the server shows it.
package struct HoldingPoster: NotificationPosting {
    package var launcher: any HolderStarting
    /// The environment, for the clipboard tool's lookup.
    package var environment: [String: String]
    /// The delivery's zone name, for the times the holder writes in the history.
    package var timeZone: String?
    /// The `[quotes]` filters, which the holder's Another quotes follow.
    package var filters: QuotesConfig?
    /// The local sources, which the holder's Another quotes come from before the bundled collection.
    package var localSources: [LocalQuoteSource]?
    /// What posts a notification without buttons to a server that keeps nothing: from this process.
    package var direct: FreedesktopPoster

    package init(
        launcher: any HolderStarting, environment: [String: String], timeZone: String?, filters: QuotesConfig? = nil,
        localSources: [LocalQuoteSource]? = nil, direct: FreedesktopPoster = FreedesktopPoster()
    ) {
        self.localSources = localSources
        self.launcher = launcher
        self.environment = environment
        self.timeZone = timeZone
        self.filters = filters
        self.direct = direct
    }

    package func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        // Holders of earlier deliveries are children of a long-lived `run`: reap those that ended.
        Child.reapFinished()
        var notification = notification
        // Copy is offered only where a clipboard tool is installed; buttons only where a holder answers them.
        notification.actions = Clipboard(environment: environment).available(notification.actions)
        let actions = notification.actions ?? []
        // With buttons to offer, every server that shows them needs a holder: asking the server
        // first would only delay the holder's `Notify` (the holder asks, and posts without holding
        // where the server shows no buttons). Without buttons, only a server that keeps
        // notifications needs one: ask, and post from here if it does not.
        if actions.isEmpty, !launcher.postsEverything,
            let posted = try direct.postUnlessHeld(
                notification, deadline: deadline, needsHolder: { HoldStage.needsHolder($0, offering: actions) })
        {
            return posted
        }
        let request = HoldRequest(
            notification: notification, until: holdUntil, timeZone: timeZone, filters: filters,
            localSources: localSources?.isEmpty == false ? localSources : nil)
        let reply = try launcher.post(request, deadline: deadline)
        guard let server = reply.server else { throw .failed("the holder did not say which server took the notification") }
        // The holder's posting time: its hold marker and the buttons' records name it, so the history must too.
        return PostedNotification(server: server, id: reply.id, held: reply.holding, postedAt: reply.postedAt)
    }
}
