import CLinuxEvents

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// SIGTERM and SIGINT caught as a stop request while this value lives: `notify`'s presence wait
/// and the time from it to the post, and the whole life of a holder (`dailyquote hold`), from
/// before it posts until it lets go.
///
/// A process has one owner of these signals at a time: this value, or `run`'s ``WakeSource``.
/// Waits poll ``descriptor`` (a GLib loop watches it as a file descriptor).
///
/// The handler adds 1 to an eventfd, which a wait polls and ``requested`` reads; when the value
/// goes, the default actions come back first and the eventfd is closed after, so that the
/// handler never writes to a closed descriptor.
package final class StopSignals {
    /// Readable once a stop was requested.
    package let descriptor: Int32

    /// Installs the handler; nil when it cannot (the signals then keep their default action).
    package init?() {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        guard dq_install_stop_handler(descriptor) == 0 else {
            // One of the two handlers may be in place: put both back.
            Self.restoreDefaults()
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        Self.restoreDefaults()
        close(descriptor)
    }

    private static func restoreDefaults() {
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
    }

    /// Whether a stop was requested (the descriptor is not read, so it stays so).
    package var requested: Bool { Self.isReadable(descriptor) }

    /// Whether `descriptor` is readable now: a stop was requested (it is not read, so it stays so).
    static func isReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }
}
