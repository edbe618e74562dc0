/// Why ``WakeSource/wait(until:)`` returned.
package enum WakeReason: String, Sendable, Equatable {
    /// The instant was reached (or had already passed, after a suspend).
    case due
    /// Someone set the wall clock; instants must be recomputed.
    case clockChanged = "clock changed"
    /// The system time zone (`/etc/localtime`) changed.
    case zoneChanged = "time zone changed"
    /// The config file was written, replaced or removed.
    case configChanged = "config changed"
    /// SIGTERM or SIGINT: stop.
    case stopRequested = "stop requested"
}
