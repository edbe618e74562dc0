/// Whether a command may change anything: the one value behind every `--dry-run` flag.
///
/// One rule decides where it is checked. Where the preview runs the same steps as the
/// action (the delivery stage: the due rule, the quote choice), the stage takes the mode and
/// checks it before each side effect (taking a lock file, posting, writing the ledger). Where
/// the preview is another thing than the action (`refresh` shows its plan, `install` its
/// units, `run` its schedule), the command checks it once, first, and asks for the preview.
/// The end-to-end tests hold every command to the promise: a dry run leaves empty XDG
/// directories empty.
package struct ExecutionMode: Sendable, Equatable {
    package var isDryRun: Bool

    package init(dryRun: Bool) {
        isDryRun = dryRun
    }

    package static let live = ExecutionMode(dryRun: false)
    package static let dryRun = ExecutionMode(dryRun: true)
}
