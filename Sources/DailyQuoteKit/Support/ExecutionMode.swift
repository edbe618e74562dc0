/// Whether a command may change anything: the one value behind every `--dry-run` flag.
///
/// Stages take it and check it before each side effect (taking a lock file, posting, writing
/// the cache or the ledger). The end-to-end tests hold every command to the promise: a dry run
/// leaves empty XDG directories empty.
public struct ExecutionMode: Sendable, Equatable {
    public var isDryRun: Bool

    public init(dryRun: Bool) {
        isDryRun = dryRun
    }

    public static let live = ExecutionMode(dryRun: false)
    public static let dryRun = ExecutionMode(dryRun: true)
}
