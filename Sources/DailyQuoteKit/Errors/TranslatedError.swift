/// An error whose line `status` and `doctor` show in the person's language.
///
/// Its `errorDescription` (logs, a command's failure) stays English, as log lines do.
package protocol TranslatedError: Error {
    /// The line in `tr`'s language.
    func message(_ tr: Translator) -> String
}
