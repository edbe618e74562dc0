/// Posts through a holder (a `dailyquote hold` process, or `run`'s own), which keeps the
/// notification while the server shows it.
package struct HoldingPoster: NotificationPosting {
    package var launcher: any HolderStarting
    /// The delivery's zone name, for the times the holder writes in the history.
    package var timeZone: String?
    /// The `[quotes]` filters, which the holder's Another quotes follow.
    package var filters: QuotesConfig?
    /// The local sources, which the holder's Another quotes come from before the bundled collection.
    package var localSources: [LocalQuoteSource]?

    package init(
        launcher: any HolderStarting, timeZone: String?, filters: QuotesConfig? = nil,
        localSources: [LocalQuoteSource]? = nil
    ) {
        self.localSources = localSources
        self.launcher = launcher
        self.timeZone = timeZone
        self.filters = filters
    }

    /// Hands `notification` (its buttons already those the ``PostingPlan`` offers) to the holder,
    /// which posts it and stays where the server needs it.
    package func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        // Holders of earlier deliveries are children of a long-lived `run`: reap those that ended.
        Child.reapFinished()
        let request = HoldRequest(
            notification: notification, until: holdUntil, timeZone: timeZone, filters: filters,
            localSources: localSources?.isEmpty == false ? localSources : nil)
        let reply = try launcher.post(request, deadline: deadline)
        guard let server = reply.server else { throw .failed("the holder did not say which server took the notification") }
        // The holder's posting time: its hold marker and the buttons' records name it, so the history must too.
        return PostedNotification(server: server, id: reply.id, held: reply.holding, postedAt: reply.postedAt)
    }
}
