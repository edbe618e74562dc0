/// Starts the hold of a notification: a `dailyquote hold` process (``HolderLauncher``), or
/// `run`'s own holder in its process (``InProcessHolder``).
package protocol HolderStarting: Sendable {
    /// Posts `request`'s notification, holds it where the server needs a holder, and answers
    /// before `deadline`.
    func post(_ request: HoldRequest, deadline: Deadline) throws(DeliveryError) -> HoldReply

    /// Whether every freedesktop post goes through it, holder or not: libnotify's global state
    /// then stays on the holder's one thread.
    var postsEverything: Bool { get }
}

extension HolderLauncher: HolderStarting {
    package var postsEverything: Bool { false }
}
