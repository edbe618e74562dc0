import SystemPackage

/// SIGTERM and SIGINT routed to a descriptor while this value lives: the holder's stop
/// requests (`dailyquote hold`), from before it posts until it lets go.
///
/// A forwarder over ``SignalRouter``, kept while the holder's command still names it; new code
/// subscribes itself (`SignalRouter.subscribe([.terminate, .interrupt])`).
package final class StopSignals {
    private let subscription: SignalSubscription

    /// Readable once a stop was requested.
    package var descriptor: Int32 { subscription.descriptor.rawValue }

    /// Routes the signals; nil when it cannot (they then keep their action).
    package init?() {
        guard let subscription = SignalRouter.subscribe([.terminate, .interrupt]) else { return nil }
        self.subscription = subscription
    }

    /// Whether a stop was requested (the descriptor is not read, so it stays so).
    package var requested: Bool { subscription.received }
}
