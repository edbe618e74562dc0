/// The one table from an error's kind to the process exit status (sysexits(3) where one fits).
///
/// Every status `dailyquote` exits with comes from here: the commands throw errors with a
/// ``ErrorKind``, `DailyQuote.main` looks the status up, and `install` writes the statuses
/// no retry can fix into the notify unit's `RestartPreventExitStatus=`.
package enum ExitStatus {
    /// The status for `kind`.
    package static func code(for kind: ErrorKind) -> Int32 {
        switch kind {
        case .failed: 1
        case .usage: 64  // EX_USAGE
        case .badInput: 65  // EX_DATAERR
        case .unavailable: 69  // EX_UNAVAILABLE
        case .internal: 70  // EX_SOFTWARE
        case .system: 71  // EX_OSERR
        case .cannotWrite: 73  // EX_CANTCREAT
        case .temporary: 75  // EX_TEMPFAIL
        case .config: 78  // EX_CONFIG
        }
    }

    /// The statuses of the kinds a retry cannot fix, ascending, for `RestartPreventExitStatus=`.
    package static let permanent: [Int32] = ErrorKind.allCases.filter { !$0.isTransient }.map(code(for:)).sorted()
}
