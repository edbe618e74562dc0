import Logging

/// The one place the posting path is chosen (``PostingPath``): GNOME's own interface where
/// GNOME Shell owns it, else the freedesktop one; and, when the GNOME post fails (`InvalidApp`:
/// no desktop entry installed, as after a bare `swift build`), the freedesktop one after all,
/// saying why once on standard error.
///
/// The post itself asks whether GNOME is there: `AddNotification` without auto-start fails at
/// once with ``DeliveryError/noServer`` where nothing owns `org.gtk.Notifications`, and the
/// freedesktop path follows silently. That costs one call on other desktops and saves a
/// `NameHasOwner` round trip (and a second connection) on GNOME.
package struct PathChoosingPoster: NotificationPosting {
    /// GNOME's poster; nil never tries it.
    package var gnome: (any NotificationPosting)?
    /// Whether `org.gtk.Notifications` has an owner on the session bus now (for ``path``, which
    /// `status` and `doctor` report; posting finds out by posting).
    package var gnomeAvailable: @Sendable () -> Bool
    /// The freedesktop poster (a holder, or libnotify directly).
    package var freedesktop: any NotificationPosting
    /// Which freedesktop path ``freedesktop`` is.
    package var freedesktopPath: PostingPath
    package var logger: Logger
    /// Whether it is already known, before the deadline, that nobody owns `org.gtk.Notifications`
    /// (the freedesktop connection made ahead asked the bus): the GNOME post is then not tried.
    package var gnomeKnownAbsent: @Sendable (Deadline) -> Bool

    package init(
        gnome: (any NotificationPosting)?, gnomeAvailable: @escaping @Sendable () -> Bool, freedesktop: any NotificationPosting,
        freedesktopPath: PostingPath, logger: Logger, gnomeKnownAbsent: @escaping @Sendable (Deadline) -> Bool = { _ in false }
    ) {
        self.gnome = gnome
        self.gnomeAvailable = gnomeAvailable
        self.freedesktop = freedesktop
        self.freedesktopPath = freedesktopPath
        self.logger = logger
        self.gnomeKnownAbsent = gnomeKnownAbsent
    }

    /// The path a notification would take now (before any fallback).
    package var path: PostingPath {
        PostingPath.choose(gnomeAvailable: gnome != nil && gnomeAvailable(), freedesktop: freedesktopPath)
    }

    package func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        // GIO shares one session-bus connection while anyone holds it: held across both paths,
        // the GNOME attempt's connection is the one libnotify posts on (measured: a whole
        // connection and its Hello, 1.6 million instructions, saved on other desktops).
        let gnome = gnome.flatMap { gnomeKnownAbsent(deadline) ? nil : $0 }
        let shared = gnome == nil ? nil : try? GioBus(system: false)
        defer { withExtendedLifetime(shared) {} }
        if let gnome {
            do {
                return try gnome.post(notification, holdUntil: holdUntil, deadline: deadline)
            } catch .noServer {
                // Not GNOME: the freedesktop path, as chosen.
            } catch {
                let reason = if case .failed(let message) = error { message } else { error.errorDescription ?? "\(error)" }
                logger.warning("\(reason); posting through the freedesktop interface instead (see `dailyquote doctor`)")
            }
        }
        var posted = try freedesktop.post(notification, holdUntil: holdUntil, deadline: deadline)
        if posted.path == nil { posted.path = posted.held ? .holder : .freedesktop }
        return posted
    }
}
