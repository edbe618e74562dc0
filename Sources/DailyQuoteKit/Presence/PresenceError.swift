/// Why a presence signal could not be read or watched: a GIO call that failed, with GLib's message.
///
/// None of them stops a delivery: a signal that cannot be read counts as "present".
package struct PresenceError: Error, Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        /// The bus could not be reached.
        case bus
        /// A method call or a property read failed (the service or the property is missing).
        case call
        /// The wait's timer or its stop descriptor could not be set up.
        case setup
    }

    package var kind: Kind
    /// The call that failed (`GetSession`, `timerfd_create`).
    package var call: String
    package var reason: String

    package init(_ kind: Kind, call: String, reason: String) {
        self.kind = kind
        self.call = call
        self.reason = reason
    }

    /// One short line: `cannot read presence (GetActive): no such name`.
    package var message: String { "cannot read presence (\(call)): \(reason)" }
}
