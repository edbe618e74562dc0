/// Runs blocking work (C calls that cannot be cancelled) on its own thread and stops waiting
/// for it after a deadline.
///
/// The work is not interrupted: the thread stays blocked until the call returns or the
/// process exits. That is the point: a frozen D-Bus peer must not freeze the caller.
package enum BlockingDeadline {
    /// The result of `work`, or nil if it did not finish within `seconds`.
    package static func run<T: Sendable, E: Error>(
        seconds: Double, _ work: @escaping @Sendable () throws(E) -> T
    ) -> Result<T, E>? {
        StartedWork(work).wait(seconds: seconds)
    }

    /// The result of `work`, a delivery's D-Bus calls on one thread, or ``DeliveryError/timedOut(seconds:)``
    /// once `deadline` has passed.
    package static func run<T: Sendable>(
        before deadline: Deadline, _ work: @escaping @Sendable () throws(DeliveryError) -> T
    ) throws(DeliveryError) -> T {
        let seconds = deadline.secondsLeft
        guard let result = run(seconds: seconds, work) else { throw .timedOut(seconds: Int64(seconds.rounded(.up))) }
        return try result.get()
    }
}
