import FoundationEssentials

/// The real clock in Unix seconds, for the stages and the scheduler; tests pass their own.
package enum UnixClock {
    package static let system: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970.rounded(.down)) }
}
