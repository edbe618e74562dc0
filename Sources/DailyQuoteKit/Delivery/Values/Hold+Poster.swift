extension Hold {
    /// What the holder's rules (``HoldStage``) need from the library that posts: libnotify in the
    /// holder process (``LibnotifyPoster/Connection``), a fake in the tests.
    ///
    /// The rules decide what to post and in place of what; this only carries it out.
    package protocol Poster {
        /// The server's name, version and capabilities.
        func server() throws(DeliveryError) -> NotificationServerInfo

        /// Posts `notification` on `server` as a new notification, with `actions` as its buttons
        /// (none: no buttons).
        func post(
            _ notification: DesktopNotification, offering actions: [NotificationAction], on server: NotificationServerInfo
        ) throws(DeliveryError) -> any Post

        /// Closes the notification `id` (one a killed holder left, which the server did not replace).
        func close(_ id: UInt32)
    }
}
