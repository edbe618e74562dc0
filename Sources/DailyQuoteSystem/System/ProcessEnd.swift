import FoundationEssentials
import Glibc
import Logging

/// The one place a dailyquote process ends with a status of its own: `DailyQuote.main` (a
/// command, the generator) and a holder forked from `notify`, which has no `main` to return to.
///
/// A failure ends with its kind's status (``ExitStatus``) after one line on standard
/// error, usage errors included (`DailyQuote.usageFailure`); only ArgumentParser's help and
/// version end through ArgumentParser.
package enum ProcessEnd {
    /// Ends the process with `status` (`exit(3)`: buffered output is written first).
    package static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// Ends a run that failed with `error`: its message on `logger`, and its kind's status
    /// (``ErrorKind/failed`` for an error that carries no kind).
    package static func fail(_ error: any Error, logger: @autoclosure () -> Logger) -> Never {
        if let error = error as? UserFacingError { fail(error.errorDescription, kind: error.kind, logger: logger()) }
        fail(error.message, kind: .failed, logger: logger())
    }

    /// Logs `message` (nil: the command already said what went wrong) and exits with `kind`'s status.
    package static func fail(_ message: String?, kind: ErrorKind, logger: @autoclosure () -> Logger) -> Never {
        if let message { logger().error("\(message)") }
        exit(ExitStatus.code(for: kind))
    }
}
