import DailyQuoteSystem

/// An error whose line `status` and `doctor` show in the person's language.
///
/// Its `errorDescription` (logs, a command's failure) stays English, as log lines do.
package protocol TranslatedError: Error {
    /// The line in `tr`'s language.
    func message(_ tr: Translator) -> String
}

extension Error {
    /// ``message`` in `tr`'s language, for an error shown inside a translated line (`status`,
    /// `doctor`); errors without translations (the config's, the system's) stay as they are.
    package func message(_ tr: Translator) -> String {
        (self as? TranslatedError)?.message(tr) ?? message
    }
}
