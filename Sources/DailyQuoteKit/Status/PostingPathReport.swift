import FoundationEssentials

/// Which path a notification takes now (``PostingPath``) and what that means, for `status` and
/// `doctor`: whether GNOME Shell's own interface is there, and whether the files it needs
/// (the desktop entry, the D-Bus service for the buttons) are installed where this session
/// looks.
package struct PostingPathReport: Sendable, Codable, Equatable {
    /// The path a notification would take now.
    package var path: PostingPath
    /// What that means for the person.
    package var meaning: String
    /// Whether `org.gtk.Notifications` has an owner on the session bus (GNOME Shell).
    package var gnomeShell: Bool
    /// The desktop entry named after the application id, where it was found.
    package var desktopEntry: String?
    /// The D-Bus service file that starts the action service, where it was found.
    package var actionService: String?
    /// The first desktop entry found when it says `Hidden=true` (and so counts as none).
    package var hiddenEntry: String?
    /// What keeps the GNOME path from working fully, with GNOME Shell there; nil when nothing does.
    package var problem: String?
    /// How to mend ``problem``.
    package var fix: String?
    /// Why no notification server answered the round trip, where none did.
    ///
    /// None on the bus, a frozen one, no bus: nothing can be posted now, on any path. Its words
    /// are ``meaning``'s.
    @ExcludedFromJSON package var unanswered: DeliveryError? = nil

    /// The report from the server's and the bus's answers (`answers`: the round trip `notify`
    /// asks too; nil where they could not be had, and `unanswered` why), whether a holder may keep the notification
    /// (`hold`) and the buttons it offers (`offered`), with the application's files looked up in
    /// the XDG data directories (``AppPaths/dataSearchDirectories``): the ``PostingPlan``'s path.
    ///
    /// The first desktop entry found decides, as for GLib: one with `Hidden=true` (read through
    /// `contents`), as a person writes to hide a packaged entry, counts as none.
    package init(
        answers: FreedesktopServer.Answers?, unanswered: DeliveryError? = nil, hold: Bool, offered: [NotificationAction],
        paths: AppPaths, fileExists: (String) -> Bool, contents: (String) -> String? = { _ in nil }
    ) {
        self.unanswered = answers == nil ? unanswered : nil
        let firstEntry = paths.desktopEntryCandidates.first(where: fileExists)
        let hidden = firstEntry.flatMap(contents).map(Self.isHidden) ?? false
        desktopEntry = hidden ? nil : firstEntry
        hiddenEntry = hidden ? firstEntry : nil
        actionService = paths.actionServiceCandidates.first(where: fileExists)
        gnomeShell = answers?.gnomeOwned ?? false
        // GNOME Shell answers InvalidApp without the desktop entry: notify then falls back.
        path =
            PostingPlan.decide(
                hold: hold, offered: offered, gnomeOwned: gnomeShell, desktopEntry: desktopEntry != nil, server: answers?.info
            ).path
        meaning = ""
        (meaning, problem, fix) = words(.english)
    }

    /// ``meaning``, ``problem`` and ``fix`` in `tr`'s language.
    package func words(_ tr: Translator) -> (meaning: String, problem: String?, fix: String?) {
        let app = ApplicationID.dailyquote
        // No server answered: the path a post would take once one does is no promise now.
        if let unanswered { return (tr("unavailable: %s", unanswered.message(tr)), nil, nil) }
        let install = tr("install dailyquote with its package, or `make install` (PREFIX=$HOME/.local for one user), then log in again")
        if gnomeShell, desktopEntry == nil {
            // Without the entry the path is the freedesktop one notify falls back to.
            let missing =
                hiddenEntry.map { tr("%s hides the desktop entry (Hidden=true)", $0) } ?? tr("no %s is installed", app.desktopFile)
            let problem =
                path == .holder
                ? tr("GNOME Shell is running, but %s: notify falls back to the freedesktop path with a holder process", missing)
                : tr("GNOME Shell is running, but %s: notify falls back to the freedesktop path", missing)
            // The package is there: the person's own file hides it, and removing that file is the fix.
            let fix = hiddenEntry.map {
                // TRANSLATORS: doctor's fix when the person's own desktop entry (%s) says Hidden=true.
                tr("remove %s; GNOME Shell notices within about 15 seconds, and notify then posts to GNOME", $0)
            }
            return (path.meaning(tr), problem, fix ?? install)
        } else if gnomeShell, actionService == nil {
            return (
                path.meaning(tr), tr("no dbus-1/services/%s is installed: the notification's buttons do nothing", app.serviceFile), install
            )
        }
        return (path.meaning(tr), nil, nil)
    }

    /// Whether a desktop entry's `[Desktop Entry]` group says `Hidden=true`.
    static func isHidden(_ entry: String) -> Bool {
        var inMainGroup = false
        for line in entry.split(whereSeparator: { $0 == "\n" }) {
            let line = line.trimmingWhitespace()
            if line.hasPrefix("[") {
                inMainGroup = line == "[Desktop Entry]"
            } else if inMainGroup, line.filter({ $0 != " " }) == "Hidden=true" {
                return true
            }
        }
        return false
    }

    /// `status`'s line: the path and its meaning, and the problem if there is one, in English.
    package var text: String { text(.english) }

    /// `status`'s line in `tr`'s language.
    package func text(_ tr: Translator) -> String {
        let words = words(tr)
        return tr.clauses([words.meaning] + (words.problem.map { [$0] } ?? []))
    }
}
