import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Turns SIGTERM and SIGINT into a callback, for as long as the value lives.
///
/// Dispatch signal sources, as swift-service-lifecycle does it: the default action is set to
/// ignore (otherwise the signal still kills the process), and Dispatch reports each delivery.
public final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    /// Calls `handler` with the signal number on each SIGTERM or SIGINT.
    public init(_ handler: @escaping @Sendable (Int32) -> Void) {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
    }
}
