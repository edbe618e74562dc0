import DailyQuoteSystem
import Logging

/// Posts a notification as its ``PostingPlan`` says: GNOME's own interface where it is (or may
/// be) there, else the freedesktop one, from this process or through a holder; and, when the
/// GNOME post fails (`InvalidApp`: no desktop entry installed, as after a bare `swift build`),
/// the freedesktop one after all, saying why once on standard error.
///
/// The plan is made once per post, from the config and from the answers that the freedesktop
/// poster asks first in one round trip (who the server is, what it can do, whether anyone owns
/// `org.gtk.Notifications`): where nobody owns GNOME's interface, no `AddNotification` is sent.
/// Where nothing is asked first (a GNOME session, `run`), the GNOME post itself finds out:
/// `AddNotification` without auto-start fails at once with ``DeliveryError/noServer`` where
/// nothing owns the name, and the freedesktop path follows silently.
package struct PathChoosingPoster: NotificationPosting {
    /// GNOME's poster; nil never tries it.
    package var gnome: (any NotificationPosting)?
    /// Posts through a holder (a `dailyquote hold` process); nil where none may hold.
    package var holding: (any NotificationPosting)?
    /// Posts from this process on the freedesktop path, and asks the server first where it should.
    package var direct: any DirectPosting
    /// Whether the config lets a holder keep the notification (`notification.hold` is not 0).
    package var hold: Bool
    package var logger: Logger

    package init(
        gnome: (any NotificationPosting)?, holding: (any NotificationPosting)?, direct: any DirectPosting, hold: Bool, logger: Logger
    ) {
        self.gnome = gnome
        self.holding = holding
        self.direct = direct
        self.hold = hold
        self.logger = logger
    }

    /// The plan for a notification offering `offered` with the server's answers
    /// `asked` (nil: not asked).
    func plan(offering offered: [NotificationAction], asked: FreedesktopServer.Answers?) -> PostingPlan {
        PostingPlan.decide(
            hold: hold && holding != nil, offered: offered, gnomeOwned: gnome == nil ? false : asked?.gnomeOwned, desktopEntry: nil,
            server: asked?.info)
    }

    /// Posts `notification` with the buttons it carries: those this session can offer, decided
    /// where the process is assembled (``StageFactory/notification``).
    package func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        let offered = notification.actions ?? []
        let asked = try direct.ask(before: deadline)
        let plan = plan(offering: offered, asked: asked?.answers)
        let gnome = plan.path == .gnome ? gnome : nil
        // GIO shares one session-bus connection while anyone holds it: held across both paths,
        // the GNOME attempt's connection is the one the freedesktop path posts on (measured: a
        // whole connection and its Hello, 1.6 million instructions, saved on other desktops).
        // Answers asked first hold one already.
        let shared = gnome != nil && asked == nil ? try? GioBus(system: false) : nil
        defer { withExtendedLifetime(shared) {} }
        if let gnome {
            do {
                return try gnome.post(notification, holdUntil: holdUntil, deadline: deadline)
            } catch .noServer {
                // Not GNOME: the freedesktop path, as planned.
            } catch {
                let reason = if case .failed(let message) = error { message } else { error.errorDescription ?? "\(error)" }
                logger.warning("\(reason); posting through the freedesktop interface instead (see `dailyquote doctor`)")
            }
        }
        return try postFreedesktop(notification, plan: plan, asked: asked, holdUntil: holdUntil, deadline: deadline)
    }

    /// Posts on the freedesktop path: from this process where the plan has no holder (on the
    /// connection `asked` came on, else asking the server now and deciding again with its
    /// answers), else through the holder.
    private func postFreedesktop(
        _ notification: DesktopNotification, plan: PostingPlan, asked: AskedServer?, holdUntil: Int64, deadline: Deadline
    ) throws(DeliveryError) -> PostedNotification {
        let offered = notification.actions ?? []
        if !plan.postsThroughHolder || holding == nil {
            let decide = { @Sendable (info: NotificationServerInfo) -> Bool in
                self.plan(offering: offered, asked: .init(info: info, gnomeOwned: false)).postsThroughHolder
            }
            if var posted = try direct.postUnlessHeld(notification, asked: asked, deadline: deadline, needsHolder: decide) {
                if posted.path == nil { posted.path = posted.held ? .holder : .freedesktop }
                return posted
            }
        }
        guard let holding else { throw .failed("no holder to post through") }
        var posted = try holding.post(notification, holdUntil: holdUntil, deadline: deadline)
        if posted.path == nil { posted.path = posted.held ? .holder : .freedesktop }
        return posted
    }
}
