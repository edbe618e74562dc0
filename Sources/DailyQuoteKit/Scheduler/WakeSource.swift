import CLinuxEvents
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// Sleeps until a wall-clock instant with no wake-ups in between, and wakes early for the
/// events that change the plan.
///
/// The sleep is a `timerfd` on `CLOCK_REALTIME` armed with `TFD_TIMER_ABSTIME`, so time spent
/// suspended counts and the timer fires at once on resume if the instant has passed, and with
/// `TFD_TIMER_CANCEL_ON_SET`, so that setting the clock wakes it. `inotify` watches the
/// directories of the zone files and of the config file (editors replace files by rename,
/// which a watch on the file itself would lose). An `eventfd` carries stop requests.
///
/// `@unchecked`: the descriptors are `let`s; `watches` is written only by `init` and then read
/// only by the one thread that calls ``wait(until:)``; other threads only write the eventfds
/// (``requestStop()``, ``signalCompletion()``), which the kernel serialises.
package final class WakeSource: @unchecked Sendable {
    /// Why the wake source could not be set up.
    package struct SetupError: Error, LocalizedError, Equatable {
        package var call: String
        package var reason: String
        package var errorDescription: String? { "cannot set up the scheduler's timers (\(call)): \(reason)" }
    }

    private let timer: Int32
    private let notify: Int32
    private let stop: Int32
    /// Written when background work (a fetch) finishes; see ``waitForCompletion(orStop:)``.
    private let completion: Int32
    /// Watch descriptor → (file names that matter in that directory, what their change means).
    private var watches: [Int32: (names: Set<String>, reason: WakeReason)] = [:]

    /// Watches `configFile` and `zoneFiles` (by default `/etc/localtime` and `/etc/timezone`).
    ///
    /// A directory that does not exist is not watched.
    package init(configFile: String, zoneFiles: [String] = ["/etc/localtime", "/etc/timezone"]) throws(SetupError) {
        timer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC))
        notify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        stop = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        completion = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard timer >= 0, notify >= 0, stop >= 0, completion >= 0 else {
            let reason = SystemError.last("setup").reason
            for fd in [timer, notify, stop, completion] where fd >= 0 { close(fd) }
            throw SetupError(call: "timerfd/inotify/eventfd", reason: reason)
        }
        add(files: zoneFiles, reason: .zoneChanged)
        add(files: [configFile], reason: .configChanged)
    }

    deinit {
        close(timer)
        close(notify)
        close(stop)
        close(completion)
    }

    /// Makes SIGTERM and SIGINT request a stop (see ``requestStop()``), through a C handler
    /// that writes to the stop eventfd: a poll-based program has no other safe way to hear them.
    package func handleStopSignals() throws(SetupError) {
        guard dq_install_stop_handler(stop) == 0 else { throw SetupError(call: "sigaction", reason: SystemError.last("sigaction").reason) }
    }

    /// Runs `body` (an `execv` of this program) with SIGTERM and SIGINT blocked.
    ///
    /// The blocked mask survives `execv` and a blocked signal stays pending, so a stop request
    /// that arrives before the new image has installed its handler is delivered to that
    /// handler instead of killing the process. If `body` returns (the exec failed), they are
    /// unblocked again.
    package static func withStopSignalsBlocked(_ body: () -> Void) {
        _ = dq_set_stop_signals_blocked(1)
        body()
        _ = dq_set_stop_signals_blocked(0)
    }

    /// The eventfd that a stop request makes readable, for waits that run outside ``wait(until:)``
    /// (the presence wait); they must not read it.
    package var stopDescriptor: Int32 { stop }

    /// The last SIGTERM or SIGINT received, or 0.
    package var lastStopSignal: Int32 { dq_last_stop_signal() }

    /// Marks background work as finished.
    ///
    /// Safe from any thread.
    package func signalCompletion() {
        var one: UInt64 = 1
        _ = write(completion, &one, 8)
    }

    /// Blocks until ``signalCompletion()`` (true) or, unless `orStop` is false, a stop request
    /// (false).
    ///
    /// Waits at most `seconds` (false on timeout). Consumes the completion.
    package func waitForCompletion(orStop: Bool = true, seconds: Double? = nil) -> Bool {
        var fds = [pollfd(fd: completion, events: Int16(POLLIN), revents: 0)]
        if orStop { fds.append(pollfd(fd: stop, events: Int16(POLLIN), revents: 0)) }
        let timeout = seconds.map { Int32(($0 * 1000).rounded(.up)) } ?? -1
        _ = SystemCall.retrying { poll(&fds, nfds_t(fds.count), timeout) }
        guard fds[0].revents != 0 else { return false }
        var value: UInt64 = 0
        _ = read(completion, &value, 8)
        return true
    }

    private func add(files: [String], reason: WakeReason) {
        let byDirectory = Dictionary(grouping: files) { PathName.directory(of: $0) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for (directory, paths) in byDirectory {
            let descriptor = inotify_add_watch(notify, directory, mask)
            guard descriptor >= 0 else { continue }
            let names = Set(paths.map { PathName.lastComponent(of: $0) })
            watches[descriptor, default: (names: [], reason: reason)].names.formUnion(names)
        }
    }

    /// Asks a current or future ``wait(until:)`` to return ``WakeReason/stopRequested``.
    ///
    /// Safe from any thread.
    package func requestStop() {
        var one: UInt64 = 1
        _ = write(stop, &one, 8)
    }

    /// Blocks until `instant` (Unix seconds) or an earlier event, whichever comes first.
    package func wait(until instant: Int64) -> WakeReason {
        // A zero it_value disarms a timerfd, so an instant at or before the epoch becomes 1 ns.
        guard dq_timerfd_arm(timer, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), max(instant, 0), instant > 0 ? 0 : 1) == 0 else {
            return errno == ECANCELED ? .clockChanged : .due
        }
        while true {
            var fds = [
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0), pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                pollfd(fd: notify, events: Int16(POLLIN), revents: 0),
            ]
            guard SystemCall.retrying({ poll(&fds, nfds_t(fds.count), -1) }) >= 0 else { return .stopRequested }
            if fds[0].revents != 0 { return .stopRequested }
            if fds[1].revents != 0 {
                var expirations: UInt64 = 0
                if read(timer, &expirations, 8) < 0 && errno == ECANCELED { return .clockChanged }
                return .due
            }
            if fds[2].revents != 0, let reason = drainNotifications() { return reason }
        }
    }

    /// Reads the pending inotify events and returns the reason of the first that concerns a
    /// watched file, or nil if they were all about other files in the same directories.
    private func drainNotifications() -> WakeReason? {
        var found: WakeReason?
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(notify, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                if found == nil, let watch = watches[event.wd], watch.names.contains(name) { found = watch.reason }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
        return found
    }
}

extension WakeSource.SetupError: UserFacingError {
    package var kind: ErrorKind { .system }
}
