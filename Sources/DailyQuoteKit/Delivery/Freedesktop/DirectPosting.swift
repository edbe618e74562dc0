import DailyQuoteSystem

/// Posts on the freedesktop path from the posting process itself (``FreedesktopPoster``), and
/// asks the server and the bus first where it should, for the ``PostingPlan``.
package protocol DirectPosting: Sendable {
    /// The server's and the bus's answers, asked now, with the connection for the post; nil
    /// where nothing is asked first (or the asking failed). Throws when no answer came before
    /// `deadline`.
    func ask(before deadline: Deadline) throws(DeliveryError) -> AskedServer?

    /// Posts `notification` before `deadline` (on `asked`'s connection where there is one),
    /// unless `needsHolder` says that the server (asked here where it was not asked first)
    /// needs a holder: then nil, with nothing posted.
    func postUnlessHeld(
        _ notification: DesktopNotification, asked: AskedServer?, deadline: Deadline,
        needsHolder: @escaping @Sendable (NotificationServerInfo) -> Bool
    ) throws(DeliveryError) -> PostedNotification?
}
