import DailyQuoteSystem
import FoundationEssentials
import SystemPackage

/// Sleeps until a wall-clock instant with no wake-ups in between, and wakes early for the
/// events that change the plan.
///
/// The sleep is a `timerfd` on `CLOCK_REALTIME` armed with `TFD_TIMER_ABSTIME`, so time spent
/// suspended counts and the timer fires at once on resume if the instant has passed, and with
/// `TFD_TIMER_CANCEL_ON_SET`, so that setting the clock wakes it. `inotify` watches the
/// directories of the zone files and of the config file (editors replace files by rename,
/// which a watch on the file itself would lose). An `eventfd` carries stop requests. Each is
/// a descriptor of the system layer (``TimerDescriptor``, ``DirectoryWatch``, ``EventCounter``).
///
/// `@unchecked`: the descriptors are `let`s; `watches` is written only by `init`, and
/// `stopSignals` once by ``handleStopSignals()`` before the loop starts; both are then read only
/// by the one thread that calls ``wait(until:)``. Other threads (`run`'s fetch) only write the
/// eventfds (``requestStop()``, ``signalCompletion()``), which the kernel serialises.
package final class WakeSource: @unchecked Sendable {
    /// Why the wake source could not be set up.
    package struct SetupError: Error, LocalizedError, Equatable {
        package var call: String
        package var reason: String
        package var errorDescription: String? { "cannot set up the scheduler's timers (\(call)): \(reason)" }
    }

    private let timer: TimerDescriptor
    private let directories: DirectoryWatch
    /// Raised by a stop request: ``requestStop()``, or SIGTERM and SIGINT once ``handleStopSignals()`` routed them here.
    private let stop: EventCounter
    /// Written when background work (a fetch) finishes; see ``waitForCompletion(orStop:seconds:)``.
    private let completion: EventCounter
    private var stopSignals: SignalSubscription?
    /// Watch → (file names that matter in that directory, what their change means).
    private var watches: [Int32: (names: Set<String>, reason: WakeReason)] = [:]

    /// Watches `configFile` and `zoneFiles` (by default `/etc/localtime` and `/etc/timezone`).
    ///
    /// A directory that does not exist is not watched.
    package init(configFile: String, zoneFiles: [String] = ["/etc/localtime", "/etc/timezone"]) throws(SetupError) {
        do {
            timer = try TimerDescriptor(clock: .realtime)
            directories = try DirectoryWatch()
            stop = try EventCounter()
            completion = try EventCounter()
        } catch {
            throw SetupError(call: "timerfd/inotify/eventfd", reason: error.reason)
        }
        add(files: zoneFiles, reason: .zoneChanged)
        add(files: [configFile], reason: .configChanged)
    }

    /// Makes SIGTERM and SIGINT request a stop (see ``requestStop()``): the ``SignalRouter``
    /// routes them to the stop descriptor, for as long as this source lives.
    package func handleStopSignals() throws(SetupError) {
        guard stopSignals == nil else { return }
        guard let subscription = SignalRouter.subscribe([.terminate, .interrupt], into: stop) else {
            throw SetupError(call: "sigaction", reason: SystemError.last("sigaction").reason)
        }
        stopSignals = subscription
    }

    /// The descriptor that a stop request makes readable, for waits that run outside ``wait(until:)``
    /// (the presence wait); they must not read it.
    package var stopDescriptor: FileDescriptor { stop.descriptor }

    /// The last SIGTERM or SIGINT received, or 0.
    package var lastStopSignal: Int32 { stopSignals?.lastSignal?.rawValue ?? 0 }

    /// Marks background work as finished.
    ///
    /// Safe from any thread.
    package func signalCompletion() {
        completion.add()
    }

    /// Blocks until ``signalCompletion()`` (true) or, unless `orStop` is false, a stop request
    /// (false).
    ///
    /// Waits at most `seconds` (false on timeout). Consumes the completion.
    package func waitForCompletion(orStop: Bool = true, seconds: Double? = nil) -> Bool {
        let timeout = seconds.map(SystemCall.milliseconds) ?? -1
        guard SystemCall.readable([completion.descriptor, orStop ? stop.descriptor : nil], milliseconds: timeout)?[0] == true else {
            return false
        }
        completion.drain()
        return true
    }

    private func add(files: [String], reason: WakeReason) {
        let byDirectory = Dictionary(grouping: files) { PathName.directory(of: $0) }
        for (directory, paths) in byDirectory {
            guard let watch = directories.watch(directory) else { continue }
            let names = Set(paths.map { PathName.lastComponent(of: $0) })
            watches[watch, default: (names: [], reason: reason)].names.formUnion(names)
        }
    }

    /// Asks a current or future ``wait(until:)`` to return ``WakeReason/stopRequested``.
    ///
    /// Safe from any thread.
    package func requestStop() {
        stop.add()
    }

    /// Blocks until `instant` (Unix seconds) or an earlier event, whichever comes first.
    package func wait(until instant: Int64) -> WakeReason {
        // A zero it_value disarms a timerfd, so an instant at or before the epoch becomes 1 ns.
        do {
            try timer.arm(seconds: max(instant, 0), nanoseconds: instant > 0 ? 0 : 1, absolute: true, cancelledByClockChange: true)
        } catch {
            return error.errno == .canceled ? .clockChanged : .due
        }
        while true {
            guard let ready = SystemCall.readable([stop.descriptor, timer.descriptor, directories.descriptor], milliseconds: -1) else {
                return .stopRequested
            }
            if ready[0] { return .stopRequested }
            if ready[1] { return timer.read() == .clockChanged ? .clockChanged : .due }
            if ready[2], let reason = drainNotifications() { return reason }
        }
    }

    /// Reads the pending inotify events and returns the reason of the first that concerns a
    /// watched file, or nil if they were all about other files in the same directories.
    private func drainNotifications() -> WakeReason? {
        directories.read().lazy.compactMap { event in
            self.watches[event.watch].flatMap { $0.names.contains(event.name) ? $0.reason : nil }
        }.first
    }
}

extension WakeSource.SetupError: UserFacingError {
    package var kind: ErrorKind { .system }
}
