import Glibc

/// Starts a detached POSIX thread for blocking work (C calls that block: a fetch, a D-Bus call).
///
/// FoundationEssentials has no `Thread`; this is the part of it dailyquote needs.
package enum DetachedThread {
    /// Why a thread could not be started.
    package struct StartError: Error, Equatable, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Runs `body` on a new thread with a `stackSize`-byte stack, and returns at once.
    package static func start(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) throws(StartError) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                // The context is the retained Body passed below, never nil.
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, box)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            throw StartError(description: "cannot start a thread: \(SystemError.reason(forCode: status))")
        }
    }

    /// The closure, boxed to cross `pthread_create`'s `void *`.
    private final class Body {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
