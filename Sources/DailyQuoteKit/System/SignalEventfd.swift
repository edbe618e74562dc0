import SystemPackage

/// One signal routed to a descriptor while this value lives: the holders' requests from the
/// holder that takes over (SIGUSR1: "I replaced your notification in place: let go of it";
/// SIGUSR2, to `run`: "close yours and let go").
///
/// A forwarder over ``SignalRouter``, kept while the holders (the holder's command and `run`'s
/// ``InProcessHolder``) still name it; new code subscribes itself (`SignalRouter.subscribe([.user1])`).
package final class SignalEventfd {
    private let subscription: SignalSubscription

    /// Readable once the signal came, until ``drain()``.
    package var descriptor: Int32 { subscription.descriptor.rawValue }

    /// Routes `signal`; nil when it cannot (it then keeps its action).
    package init?(_ signal: Int32) {
        guard let subscription = SignalRouter.subscribe([UnixSignal(signal)]) else { return nil }
        self.subscription = subscription
    }

    /// Forgets the signals that came so far.
    package func drain() { subscription.drain() }
}
