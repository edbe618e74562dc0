import CGio

/// A GLib main loop on the default main context, run and quit on one thread (the holder's).
package final class GioMainLoop {
    private let loop: OpaquePointer

    package init() {
        loop = g_main_loop_new(nil, 0)
    }

    deinit { g_main_loop_unref(loop) }

    /// Runs the default main context on this thread until ``quit()``.
    package func run() { g_main_loop_run(loop) }

    /// Ends ``run()`` (a call that comes before it is forgotten: call it from the loop's own events).
    package func quit() { g_main_loop_quit(loop) }
}
