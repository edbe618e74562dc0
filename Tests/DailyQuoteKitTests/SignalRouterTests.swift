import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

@Suite("SignalRouter", .serialized)
struct SignalRouterTests {
    /// Whether `subscription`'s descriptor becomes readable within 5 s.
    func arrives(_ subscription: SignalSubscription) -> Bool {
        SystemCall.readable([subscription.descriptor], milliseconds: 5000)?.first == true
    }

    /// The handler now in place for `signal`, as a number (SIG_DFL is 0, SIG_IGN 1).
    func handler(of signal: Int32) -> Int {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    }

    @Test("Two consumers of SIGTERM both see it; only the consumer of SIGUSR1 sees that one, and knows which came last")
    func twoConsumers() throws {
        let both = try #require(SignalRouter.subscribe([.terminate, UnixSignal(SIGUSR1)]))
        let termOnly = try #require(SignalRouter.subscribe([.terminate]))
        #expect(!both.received && !termOnly.received)
        #expect(both.lastSignal == nil)

        kill(getpid(), SIGUSR1)
        #expect(arrives(both))
        #expect(!termOnly.received)
        #expect(both.lastSignal == UnixSignal(SIGUSR1))
        both.drain()
        #expect(!both.received)

        kill(getpid(), SIGTERM)
        #expect(arrives(both))
        #expect(arrives(termOnly))
        #expect(both.lastSignal == .terminate)
        #expect(termOnly.lastSignal == .terminate)
    }

    @Test("The last consumer's end puts back the action the router found (here: ignored), not the default")
    func restoresTheOldAction() throws {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var saved = sigaction()
        sigaction(SIGUSR2, &ignore, &saved)
        defer { sigaction(SIGUSR2, &saved, nil) }
        #expect(handler(of: SIGUSR2) == 1)
        do {
            let first = try #require(SignalRouter.subscribe([UnixSignal(SIGUSR2)]))
            #expect(handler(of: SIGUSR2) > 1)
            do {
                let second = try #require(SignalRouter.subscribe([UnixSignal(SIGUSR2)]))
                withExtendedLifetime(second) {}
            }
            // One consumer left: still routed, and a signal reaches it.
            #expect(handler(of: SIGUSR2) > 1)
            kill(getpid(), SIGUSR2)
            #expect(arrives(first))
        }
        #expect(handler(of: SIGUSR2) == 1)
    }

    /// Runs `body` with `signal` blocked in this thread (as a parent may start this process), then unblocks it.
    func withBlocked<T>(_ signal: Int32, _ body: () -> T) -> T {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        defer { pthread_sigmask(SIG_UNBLOCK, &set, nil) }
        return body()
    }

    @Test("A signal held pending while blocked reaches a new subscription when it unblocks it, and is named")
    func pendingSignal() throws {
        let subscription = withBlocked(SIGUSR2) { () -> SignalSubscription? in
            pthread_kill(pthread_self(), SIGUSR2)
            return SignalRouter.subscribe([UnixSignal(SIGUSR2)])
        }
        let routed = try #require(subscription)
        #expect(arrives(routed))
        #expect(routed.lastSignal == UnixSignal(SIGUSR2))
    }

    @Test("A routed stop reaches the scheduler's wake source and is named")
    func wakeSourceStop() throws {
        let directory = TemporaryDirectory()
        let source = try WakeSource(configFile: directory.url("config.toml"), zoneFiles: [])
        try source.handleStopSignals()
        kill(getpid(), SIGINT)
        #expect(source.wait(until: Int64(Date().timeIntervalSince1970) + 3600) == .stopRequested)
        #expect(source.lastStopSignal == SIGINT)
    }
}
