/// Whether a command may change anything: the single check behind every `--dry-run` flag.
///
/// Every action with a side effect (writing a file, posting a notification, opening a
/// connection, talking to systemd) goes through ``perform(_:_:)``, so a dry run cannot
/// forget one: it reports the action instead of doing it.
public struct ExecutionMode: Sendable, Equatable {
    public var isDryRun: Bool

    public init(dryRun: Bool) {
        isDryRun = dryRun
    }

    public static let live = ExecutionMode(dryRun: false)
    public static let dryRun = ExecutionMode(dryRun: true)

    /// Runs `action` unless this is a dry run; in a dry run, hands `description` to `report`
    /// and returns nil.
    public func perform<T>(
        _ description: @autoclosure () -> String, report: (String) -> Void = { _ in }, _ action: () throws -> T
    ) rethrows -> T? {
        if isDryRun {
            report("would \(description())")
            return nil
        }
        return try action()
    }
}
