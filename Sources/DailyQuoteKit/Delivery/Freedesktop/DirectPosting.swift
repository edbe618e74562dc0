/// Posts on the freedesktop path from the posting process itself (``FreedesktopPoster``), and
/// gives the server's answers it asked ahead, for the ``PostingPlan``.
package protocol DirectPosting: Sendable {
    /// The server's answers asked ahead; nil where nothing was asked ahead (or the answers are
    /// old or missing). Throws when they have not come before `deadline`.
    func answersAhead(before deadline: Deadline) throws(DeliveryError) -> FreedesktopServer.Answers?

    /// Posts `notification` before `deadline`, unless `needsHolder` says that the server (asked
    /// here where it was not asked ahead) needs a holder: then nil, with nothing posted.
    func postUnlessHeld(
        _ notification: DesktopNotification, deadline: Deadline, needsHolder: @escaping @Sendable (NotificationServerInfo) -> Bool
    ) throws(DeliveryError) -> PostedNotification?
}
