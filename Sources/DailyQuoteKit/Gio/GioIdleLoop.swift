import CGio

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// A GLib main loop on the default context that ends once nothing has happened for
/// `idleSeconds` (``touch()`` says something did), or on SIGTERM or SIGINT.
final class GioIdleLoop {
    private let loop: OpaquePointer
    private var timer: UInt32 = 0
    let idleSeconds: UInt32

    init(idleSeconds: UInt32) {
        loop = g_main_loop_new(nil, 0)
        self.idleSeconds = idleSeconds
    }

    deinit { g_main_loop_unref(loop) }

    /// Starts the idle time again.
    func touch() {
        if timer != 0 { g_source_remove(timer) }
        timer = g_timeout_add_seconds(
            idleSeconds,
            { data in
                guard let data else { return 0 }
                let this = Unmanaged<GioIdleLoop>.fromOpaque(data).takeUnretainedValue()
                this.timer = 0
                g_main_loop_quit(this.loop)
                return 0  // G_SOURCE_REMOVE
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Runs until the idle time passes or a stop signal comes.
    func run() {
        touch()
        let context = Unmanaged.passUnretained(self).toOpaque()
        let stops = [SIGTERM, SIGINT].map { signal in
            g_unix_signal_add(
                signal,
                { data in
                    guard let data else { return 0 }
                    g_main_loop_quit(Unmanaged<GioIdleLoop>.fromOpaque(data).takeUnretainedValue().loop)
                    return 1
                }, context)
        }
        g_main_loop_run(loop)
        for source in stops { g_source_remove(source) }
        if timer != 0 {
            g_source_remove(timer)
            timer = 0
        }
    }
}
