import DailyQuoteSystem
import FoundationEssentials

/// A config file that cannot be used.
///
/// Its kind is ``ErrorKind/config``; the message is one line naming the file, line and key.
package struct ConfigError: Error, Equatable, LocalizedError {
    /// The class of problem, for callers and tests.
    package enum Problem: String, Sendable, Equatable {
        case fileNotFound, unreadable, invalidTOML, unknownKey, wrongType, outOfRange, invalidValue, missingKey
    }

    package var problem: Problem
    /// The config file's path.
    package var file: String
    /// The 1-based line, where it is known.
    package var line: Int?
    /// The key path (`delivery.hour`), where there is one.
    package var key: String?
    /// What is wrong and what is allowed.
    package var detail: String

    package init(_ problem: Problem, file: String, line: Int? = nil, key: String? = nil, detail: String) {
        self.problem = problem
        self.file = file
        self.line = line
        self.key = key
        self.detail = detail
    }

    /// `FILE:LINE: KEY: DETAIL`, on one line, as compilers and linters write it.
    package var errorDescription: String? {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "\(key): " }
        return text + detail.replacing("\n", with: " ")
    }
}

extension ConfigError: UserFacingError {
    package var kind: ErrorKind { .config }
}
