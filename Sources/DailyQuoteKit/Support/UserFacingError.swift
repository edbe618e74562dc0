import FoundationEssentials

/// An error a user can cause or fix, with its one-line message and the process exit status.
public protocol UserFacingError: LocalizedError {
    /// The sysexits(3)-style status the process exits with.
    var exitCode: Int32 { get }
}

extension ConfigError: UserFacingError {
    public var exitCode: Int32 { Self.exitCode }
}

extension AtomicFile.WriteError: UserFacingError {
    public var exitCode: Int32 { 73 }  // EX_CANTCREAT
}

extension TimeZoneDatabase.LookupError: UserFacingError {
    public var exitCode: Int32 { ConfigError.exitCode }
    public var errorDescription: String? {
        switch self {
        case .invalidName, .notFound: "the configured time zone is not in the tz database"
        case .unreadable(let reason): "the configured time zone cannot be read: \(reason)"
        }
    }
}

/// A failure with a message and an exit status, for conditions with no richer type.
public struct CommandFailure: UserFacingError, Equatable {
    public var message: String
    public var exitCode: Int32

    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    public var errorDescription: String? { message }

    /// sysexits(3) EX_UNAVAILABLE: a service the command needs is not there.
    public static let unavailable: Int32 = 69
}

extension FileLock.LockError: UserFacingError {
    public var exitCode: Int32 {
        switch self {
        case .timedOut: 75  // EX_TEMPFAIL: another run holds the ledger; try again later
        case .cannotOpen: 73  // EX_CANTCREAT
        }
    }
}

extension DeliveryLedger.LedgerError: UserFacingError {
    public var exitCode: Int32 { 73 }  // EX_CANTCREAT: the ledger cannot be written
}

extension WakeSource.SetupError: UserFacingError {
    public var exitCode: Int32 { 71 }  // EX_OSERR
}
