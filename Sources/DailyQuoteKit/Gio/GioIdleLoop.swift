import CGio
import DailyQuoteSystem
import SystemPackage

/// A GLib main loop on the default context that ends once nothing has happened for
/// `idleSeconds` (``touch()`` says something did), or on SIGTERM or SIGINT (routed to it by the
/// ``SignalRouter``).
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
        // SIGTERM and SIGINT through the process's one owner of signals, watched as a descriptor.
        let stops = SignalRouter.subscribe([.terminate, .interrupt])
        let source = stops.flatMap { dq_unix_fd_source_new_readable($0.descriptor.rawValue) }
        if let source {
            let callback: @convention(c) (Int32, GIOCondition, gpointer?) -> gboolean = { _, _, data in
                if let data { g_main_loop_quit(Unmanaged<GioIdleLoop>.fromOpaque(data).takeUnretainedValue().loop) }
                return 0  // G_SOURCE_REMOVE: the loop ends
            }
            g_source_set_callback(source, unsafeBitCast(callback, to: GSourceFunc.self), Unmanaged.passUnretained(self).toOpaque(), nil)
            g_source_attach(source, nil)
        }
        g_main_loop_run(loop)
        if let source {
            g_source_destroy(source)
            g_source_unref(source)
        }
        withExtendedLifetime(stops) {}
        if timer != 0 {
            g_source_remove(timer)
            timer = 0
        }
    }
}
