import Foundation

/// Compares output with a file under `Tests/EndToEndTests/Golden/`.
///
/// Run the tests with `UPDATE_GOLDEN=1` to rewrite the files from the current output, then
/// review the diff before committing.
public enum GoldenFile {
    /// The golden text for `name`, after rewriting it first when `UPDATE_GOLDEN=1`.
    public static func expected(_ name: String, actual: String) throws -> String {
        let path = "\(RepositoryPaths.root)/Tests/EndToEndTests/Golden/\(name)"
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
