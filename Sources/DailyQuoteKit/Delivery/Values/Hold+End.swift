extension Hold {
    /// How a hold ended.
    package enum End: Sendable, Equatable {
        /// The server sent `NotificationClosed`; its reason, if it gave a known one.
        case closed(NotificationCloseReason?)
        /// The hold's time ran out.
        case expired
        /// SIGTERM or SIGINT: the next delivery was posted, or the session is ending; the
        /// notification is closed.
        case stopped
        /// A button was pressed on a server that then takes the popup away without a word
        /// (``NotificationServerInfo/removesPopupOnPress``): the press is recorded, nothing is left to hold.
        case removedOnPress
    }
}
