/// Starts the hold of a notification: a `dailyquote hold` process (``HolderLauncher``), or one
/// started ahead of time (``PrestartedHolder``).
package protocol HolderStarting: Sendable {
    /// Posts `request`'s notification, holds it where the server needs a holder, and answers
    /// before `deadline`.
    func post(_ request: HoldRequest, deadline: Deadline) throws(DeliveryError) -> HoldReply
}

extension HolderLauncher: HolderStarting {}
