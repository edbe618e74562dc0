import FoundationEssentials
import Glibc

/// Posts a notification through a holder: a `dailyquote hold` process that posts it, answers
/// with its id, and stays on the bus as its sender while it is shown (see ``HoldStage``).
///
/// The holder is started directly, in a session of its own: nothing stands between this call
/// and the holder's `Notify`. Under a systemd service the holder itself moves into a scope of
/// its own after posting (``UserScope``), before it answers.
package struct HolderLauncher: Sendable {
    /// The dailyquote binary to run as `hold`.
    package var executable: String
    package var environment: [String: String]
    /// The holder's whole run (``HolderProcess/runForked(executable:)``), for a child forked from
    /// this process instead of a new one started from ``executable``; nil always starts the executable.
    package var forkedHolder: (@Sendable () -> Never)?

    package init(executable: String, environment: [String: String]) {
        self.executable = executable
        self.environment = environment
        forkedHolder = { HolderProcess.runForked(executable: executable) }
    }

    /// Starts a holder for `request` and returns its reply, before `deadline`.
    ///
    /// A holder that has not answered by then is killed and the delivery stays due; it may
    /// still have posted (a frozen server), which a later run then posts again.
    package func post(_ request: HoldRequest, deadline: Deadline) throws(DeliveryError) -> HoldReply {
        try Self.exchange(request, with: try start(), deadline: deadline)
    }

    /// Starts a holder, which gets ready (libnotify, the server's answer) and waits for its request.
    ///
    /// With ``forkedHolder``, a copy of this process (where it has one thread; see
    /// ``Child/init(forking:environment:sharingStandardError:)``), else the executable.
    func start() throws(DeliveryError) -> Child {
        let sharing = !StandardErrorStream.keepsCallerWaiting(environment: environment)
        do {
            if let forkedHolder,
                let child = try Child(forking: forkedHolder, environment: environment, sharingStandardError: sharing)
            {
                return child
            }
            return try Child(
                path: executable, arguments: ["hold"], environment: environment, input: .pipe, output: .pipe,
                error: sharing ? .inherit : .null, detached: true)
        } catch {
            throw .failed("cannot start the holder \(executable): \(error)")
        }
    }

    /// Why a holder that answered nothing failed the post.
    static let endedWithoutAnswer = "the holder ended without answering"

    /// Hands `request` to the started holder `child` and reads its reply, before `deadline`.
    static func exchange(_ request: HoldRequest, with child: Child, deadline: Deadline) throws(DeliveryError) -> HoldReply {
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
        guard let reply = try? JSONDecoder().decode(HoldReply.self, from: Data(line)) else {
            throw .failed("the holder answered \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        if let error = reply.error { throw error }
        return reply
    }
}

/// A holder started ahead of time, while `notify` decides what to post.
///
/// `notify` starts it as soon as it knows the notification will offer buttons, so that the
/// holder's start (the process, libnotify, the server's answer) runs beside `notify`'s own work
/// instead of after it. Never used, it reads an empty request and exits quietly.
///
/// `@unchecked`: confined to `notify`'s main thread, the only caller of ``post(_:deadline:)``,
/// which takes `child` (its one `var`, not Sendable) once.
package final class PrestartedHolder: HolderStarting, @unchecked Sendable {
    private let launcher: HolderLauncher
    private var child: Child?

    package init(_ launcher: HolderLauncher) {
        self.launcher = launcher
        child = try? launcher.start()
    }

    /// Posts through the holder started ahead of time (once), else through a new one; also
    /// through a new one where the one started ahead ended without answering (one that died
    /// after its post is posted again, as a failed post would be by the next run).
    package func post(_ request: HoldRequest, deadline: Deadline) throws(DeliveryError) -> HoldReply {
        guard let child else { return try launcher.post(request, deadline: deadline) }
        self.child = nil
        do {
            return try HolderLauncher.exchange(request, with: child, deadline: deadline)
        } catch .failed(let reason) where reason == HolderLauncher.endedWithoutAnswer {
            return try launcher.post(request, deadline: deadline)
        }
    }
}
