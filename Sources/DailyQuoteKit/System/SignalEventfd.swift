import CLinuxEvents

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// One signal caught into an eventfd while this value lives: the holders' requests from the
/// holder that takes over (SIGUSR1: "I replaced your notification in place: let go of it";
/// SIGUSR2, to `run`: "close yours and let go").
///
/// The handler adds 1 to the eventfd, which a GLib loop watches; the default action comes back
/// first when the value goes, and the eventfd is closed after.
package final class SignalEventfd {
    /// Readable once the signal came, until ``drain()``.
    package let descriptor: Int32
    private let signal: Int32

    /// Catches `signal`; nil when it cannot (it then keeps its default action).
    package init?(_ signal: Int32) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        guard dq_install_signal_eventfd(signal, descriptor) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.signal = signal
    }

    deinit {
        Glibc.signal(signal, SIG_DFL)
        close(descriptor)
    }

    /// Forgets the signals that came so far.
    package func drain() {
        var value: UInt64 = 0
        _ = read(descriptor, &value, 8)
    }
}
