/// How a notification is posted, decided in one place from the config, the bus and the server's
/// answers: the path the history will record, and which process posts on the freedesktop path.
///
/// `notify` follows it (``PathChoosingPoster``), a holder decides with it whether to stay
/// (``HoldStage/needsHolder(_:offering:)``), and `status` and `doctor` print it
/// (``PostingPathReport``), each from the same answers: what one predicts, the other does.
package struct PostingPlan: Sendable, Equatable {
    /// The path the notification takes, as the history records it.
    package var path: PostingPath
    /// Whether a `dailyquote hold` process posts on the freedesktop path (off GNOME, and where
    /// GNOME's interface refuses the post), staying where the server needs it
    /// (``PostingPath/holder``); false: the posting process itself, over GDBus, and nothing of
    /// dailyquote stays.
    package var postsThroughHolder: Bool

    package init(path: PostingPath, postsThroughHolder: Bool) {
        self.path = path
        self.postsThroughHolder = postsThroughHolder
    }

    /// Decides the plan.
    ///
    /// - Parameters:
    ///   - hold: whether the config lets a holder keep the notification (`notification.hold` is not 0).
    ///   - offered: the buttons the notification offers: the config's, without Copy where no
    ///     clipboard tool is installed.
    ///   - gnomeOwned: whether `org.gtk.Notifications` has an owner on the session bus; nil when
    ///     not asked (the GNOME post then finds out).
    ///   - desktopEntry: whether the application's desktop entry is installed, without which
    ///     GNOME Shell refuses the post (`InvalidApp`); nil when not looked up (the shell then says).
    ///   - server: what `org.freedesktop.Notifications` said about itself; nil when not asked yet.
    ///     Then a holder is planned only for buttons: the holder asks the server itself and posts
    ///     without staying where it needs none, and the posting process, without buttons, asks
    ///     and decides again with the answer.
    package static func decide(
        hold: Bool, offered: [NotificationAction], gnomeOwned: Bool?, desktopEntry: Bool?, server: NotificationServerInfo?
    ) -> PostingPlan {
        let holds: Bool
        if let server {
            // Servers with `persistence` keep notifications in a tray after the banner; among them
            // GNOME Shell 46 and later removes one whose sender left the bus (docs/desktops.md). A
            // server with `actions` shows the buttons, which only a process that stays answers.
            // Others show a banner that expires and keep nothing to hold.
            let buttons = server.capabilities.contains("actions") && !offered.isEmpty
            holds = hold && (server.capabilities.contains("persistence") || buttons)
        } else {
            holds = hold && !offered.isEmpty
        }
        let gnome = gnomeOwned != false && desktopEntry != false
        return PostingPlan(path: gnome ? .gnome : holds ? .holder : .freedesktop, postsThroughHolder: holds)
    }
}
