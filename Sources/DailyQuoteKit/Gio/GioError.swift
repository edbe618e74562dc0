/// Why a GIO call failed: the bus could not be reached, or a method call, a name request or an
/// object export failed, with GLib's message.
///
/// The callers decide what it means: for the presence wait, a signal that cannot be read counts
/// as "present"; for the GNOME path, the delivery falls back to the freedesktop one.
package struct GioError: Error, Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        /// The bus could not be reached.
        case bus
        /// A method call or a property read failed (the service or the property is missing).
        case call
        /// A bus name could not be owned or an object could not be exported.
        case export
    }

    package var kind: Kind
    /// The call that failed (`GetSession`, `AddNotification`).
    package var call: String
    package var reason: String
    /// The D-Bus error name, when the peer sent one (`org.gtk.Notifications.Error.InvalidApp`).
    package var remoteName: String?

    package init(_ kind: Kind, call: String, reason: String, remoteName: String? = nil) {
        self.kind = kind
        self.call = call
        self.reason = reason
        self.remoteName = remoteName
    }

    /// One short line: `GetActive: no such name`.
    package var message: String { "\(call): \(reason)" }

    /// Whether the call failed because nothing owns the name it was sent to (the bus answers
    /// `ServiceUnknown` for a call that may not start a service, `NameHasNoOwner` otherwise).
    package var isNoOwner: Bool {
        remoteName == "org.freedesktop.DBus.Error.ServiceUnknown" || remoteName == "org.freedesktop.DBus.Error.NameHasNoOwner"
    }
}
