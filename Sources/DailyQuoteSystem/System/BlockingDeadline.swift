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
}
