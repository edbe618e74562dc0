import SystemPackage

extension Hold {
    /// A notification the holder posted, as the holder's rules (``HoldStage``) handle it.
    ///
    /// Every call comes on the thread that runs the default main context, as do the calls it makes.
    package protocol Post: AnyObject {
        /// The id the server shows it under (it changes where a replacement needs a new popup).
        var id: UInt32 { get }

        /// Shows it again, after the last quote has gone, where the server held back its banner
        /// (``NotificationServerInfo/holdsBackBannerWhileAnotherShows``).
        func showAgain()

        /// Closes it.
        func close()

        /// Shows `replacement` in place of it (a new popup where the server removed the old one
        /// with the press) and answers the id it is shown under, or nil if the server refused it.
        func replace(with replacement: DesktopNotification, on server: NotificationServerInfo) -> UInt32?

        /// Watches it for at most `seconds`, or until `stop` (``Hold/End/stopped``) is readable;
        /// passes each button pressed to `onAction`, and calls `onEnd` once, when the hold ends.
        func watch(
            seconds: Int64, stop: FileDescriptor?, onAction: @escaping (NotificationAction) -> Void,
            onEnd: @escaping (End) -> Void)

        /// Ends the watch now with `end`, as if the server had said so.
        func end(_ end: End)

        /// Stops watching, without an end (its buttons stay offered).
        func detach()
    }
}
