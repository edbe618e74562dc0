import FoundationEssentials

/// An error a user can cause or fix: one short line (its `errorDescription`) and a kind.
package protocol UserFacingError: LocalizedError {
    /// What kind of failure it is; the executable turns it into the exit status.
    var kind: ErrorKind { get }
}

/// A failure with a message and a kind, for conditions with no richer type.
package struct CommandFailure: UserFacingError, Equatable {
    /// The line to show; nil when the command has already said what went wrong.
    package var message: String?
    package var kind: ErrorKind

    package init(_ message: String?, kind: ErrorKind = .failed) {
        self.message = message
        self.kind = kind
    }

    /// A failure already reported on the way (a failed `doctor` check, a `refresh` that
    /// logged each source's error): only the exit status is left to give.
    package init(alreadyReported kind: ErrorKind) {
        self.init(nil, kind: kind)
    }

    package var errorDescription: String? { message }
}
