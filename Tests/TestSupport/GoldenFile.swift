import DailyQuoteKit
import Foundation
import Testing

/// Compares output with a file under `Tests/EndToEndTests/Golden/`.
///
/// Run the tests with `UPDATE_GOLDEN=1` to rewrite the files from the current output, then
/// review the diff before committing. A rewrite that changes a file records an issue, as
/// swift-argument-parser's `expectSnapshot` does, so that such a run never passes by itself.
public enum GoldenFile {
    /// The golden text for `name`, after rewriting it first when `UPDATE_GOLDEN=1`.
    public static func expected(
        _ name: String, actual: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let path = "\(RepositoryPaths.root)/Tests/EndToEndTests/Golden/\(name)"
        let current = try? String(contentsOfFile: path, encoding: .utf8)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1", current != actual {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("rewrote the golden file \(name): review the diff, then run the tests again", sourceLocation: sourceLocation)
            return actual
        }
        return current ?? ""
    }

    /// The golden text of generated units on this host.
    ///
    /// The files hold what a host with user namespaces gets (Debian's default); on one without them the generator leaves out the
    /// sandbox lines that need one, and so does this. The tests' homes lie under /tmp, so the units share /tmp (no
    /// `PrivateTmp=yes`; `UnitSandboxTests` checks the lines of a session outside /tmp).
    package static func expectedUnits(
        _ name: String, actual: String, userNamespaces: Bool = UnitSandbox.hostAllowsUserNamespaces(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        if !userNamespaces, ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            Issue.record("golden unit files are written on a host with user namespaces", sourceLocation: sourceLocation)
            return actual
        }
        let text = try expected(name, actual: actual, sourceLocation: sourceLocation)
        guard !userNamespaces else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !UnitSandbox.needsUserNamespace($0) }
            .joined(separator: "\n")
    }

    /// The first line where `actual` and `expected` differ, with its number, for a failed
    /// comparison's message (a long text's mismatch shows no diff by itself).
    public static func firstDifference(_ actual: String, _ expected: String) -> String {
        let have = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(have.count, want.count) {
            let got = index < have.count ? String(have[index]) : "(end)"
            let wanted = index < want.count ? String(want[index]) : "(end)"
            if got != wanted { return "line \(index + 1): got \(got.debugDescription), want \(wanted.debugDescription)" }
        }
        return "no difference"
    }
}
