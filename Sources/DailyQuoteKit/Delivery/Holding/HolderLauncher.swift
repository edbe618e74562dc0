import DailyQuoteSystem
import FoundationEssentials

/// Posts through a holder: a `dailyquote hold` process that posts the notification, answers
/// with its id, and stays on the bus as its sender while it is shown (see ``HoldStage``).
///
/// The holder is started directly, in a session of its own: nothing stands between this call
/// and the holder's `Notify`. Under a systemd service the holder itself moves into a scope of
/// its own after posting (``UserScope``), before it answers. A live `notify` starts it ahead
/// (``startingAhead()``), while it decides what to post.
package struct HolderLauncher: NotificationPosting {
    /// The dailyquote binary to run as `hold`.
    package var executable: String
    package var environment: [String: String]
    /// The holder's whole run (`CommandEnvironment.runForkedHolder`), for a child forked from
    /// this process instead of a new one started from ``executable``, where this process has one thread.
    package var forkedHolder: @Sendable () -> Never
    /// The delivery's zone name, for the times the holder writes in the history.
    package var timeZone: String?
    /// The `[quotes]` filters, which the holder's Another quotes follow.
    package var filters: QuotesConfig?
    /// The local sources, which the holder's Another quotes come from before the bundled collection.
    package var localSources: [LocalQuoteSource]?
    /// A holder started ahead of time, used by the first post.
    private var ahead: StartedHolder?

    package init(
        executable: String, environment: [String: String], timeZone: String? = nil, filters: QuotesConfig? = nil,
        localSources: [LocalQuoteSource]? = nil, forkedHolder: @escaping @Sendable () -> Never
    ) {
        self.executable = executable
        self.environment = environment
        self.timeZone = timeZone
        self.filters = filters
        self.localSources = localSources
        self.forkedHolder = forkedHolder
    }

    /// Whether a holder was started ahead for the first post.
    package var startsAhead: Bool { ahead != nil }

    /// This launcher with a holder started now, while `notify` decides what to post.
    ///
    /// The holder's start (the process, libnotify, the server's answer) then runs beside
    /// `notify`'s own work instead of after it. Never used, it reads an empty request and exits
    /// quietly. The fork needs it: only a process with one thread may fork, as `notify` is before
    /// any D-Bus work.
    // A speed mechanism (docs/performance.md, "The holder is started ahead"): 4-8 ms and 5.2
    // million instructions per post with buttons, measured alone; the 2.5x goal needs it.
    package func startingAhead() -> HolderLauncher {
        var launcher = self
        launcher.ahead = StartedHolder(try? start())
        return launcher
    }

    /// Hands `notification` (its buttons already those the ``PostingPlan`` offers) to a holder,
    /// which posts it and stays where the server needs it.
    package func post(_ notification: DesktopNotification, holdUntil: Int64, deadline: Deadline) throws(DeliveryError) -> PostedNotification
    {
        // Holders of earlier deliveries are children of a long-lived `run`: reap those that ended.
        Child.reapFinished()
        let request = Hold.Request(
            notification: notification, until: holdUntil, timeZone: timeZone, filters: filters,
            localSources: localSources?.isEmpty == false ? localSources : nil)
        let reply = try post(request, deadline: deadline)
        guard let server = reply.server else { throw .failed("the holder did not say which server took the notification") }
        // The holder's posting time: its hold marker and the buttons' records name it, so the history must too.
        return PostedNotification(server: server, id: reply.id, held: reply.holding, postedAt: reply.postedAt)
    }

    /// Hands `request` to the holder started ahead (once), else to a new one, and returns its
    /// reply, before `deadline`; also to a new one where the one started ahead ended without
    /// answering (one that died after its post is posted again, as a failed post would be by the
    /// next run).
    ///
    /// A holder that has not answered by then is killed and the delivery stays due; it may
    /// still have posted (a frozen server), which a later run then posts again.
    func post(_ request: Hold.Request, deadline: Deadline) throws(DeliveryError) -> Hold.Reply {
        if let child = ahead?.take() {
            do {
                return try Self.exchange(request, with: child, deadline: deadline)
            } catch .failed(let reason) where reason == Self.endedWithoutAnswer {
                // Started again below.
            }
        }
        return try Self.exchange(request, with: try start(), deadline: deadline)
    }

    /// Starts a holder, which gets ready (libnotify, the server's answer) and waits for its request.
    ///
    /// A copy of this process running ``forkedHolder`` where it has one thread (see
    /// ``Child/init(forking:command:environment:sharingStandardError:)``), else the executable.
    func start() throws(DeliveryError) -> Child {
        let sharing = !StandardErrorStream.keepsCallerWaiting(environment: environment)
        do {
            if let child = try Child(forking: forkedHolder, command: Self.command, environment: environment, sharingStandardError: sharing)
            {
                return child
            }
            return try Child(
                path: executable, arguments: [Self.command], environment: environment, input: .pipe, output: .pipe,
                error: sharing ? .inherit : .null, detached: true)
        } catch {
            throw .failed("cannot start the holder \(executable): \(error)")
        }
    }

    /// The holder's command: `dailyquote hold`, and what a forked holder's arguments read.
    static let command = "hold"

    /// Why a holder that answered nothing failed the post.
    static let endedWithoutAnswer = "the holder ended without answering"

    /// Hands `request` to the started holder `child` and reads its reply, before `deadline`.
    static func exchange(_ request: Hold.Request, with child: Child, deadline: Deadline) throws(DeliveryError) -> Hold.Reply {
        guard let payload = try? JSONEncoder.dailyquote().encode(request) else { throw .failed("cannot encode the hold request") }
        let seconds = deadline.secondsLeft
        child.send(Array(payload))
        guard let line = child.firstLine(until: deadline) else {
            if ContinuousClock.now >= deadline {
                child.kill()
                throw .timedOut(seconds: Int64(seconds.rounded(.up)))
            }
            throw .failed(endedWithoutAnswer)
        }
        // One of a newer format than this build reads (a holder from an upgrade's new binary) is not read either.
        guard let reply = try? JSONDecoder().decode(Hold.Reply.self, from: Data(line)), reply.isKnown else {
            throw .failed("the holder answered \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        if let error = reply.error { throw error }
        return reply
    }
}

/// The holder started ahead of a post, taken by the first post only.
///
/// `@unchecked`: confined to `notify`'s main thread, the only caller of ``take()``, which takes
/// `child` (its one `var`, not Sendable) once.
private final class StartedHolder: @unchecked Sendable {
    private var child: Child?

    init(_ child: Child?) {
        self.child = child
    }

    func take() -> Child? {
        defer { child = nil }
        return child
    }
}
