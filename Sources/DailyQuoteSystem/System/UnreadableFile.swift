import FoundationEssentials
import Glibc

/// Why a file cannot be read, in the one wording every reader uses: `config check`'s warnings,
/// `refresh`'s failed sources and the config loader say the same thing of the same path.
package enum UnreadableFile {
    /// `does not exist`, `is a directory, not a file`, `cannot be read: Permission denied`;
    /// nil when `path` can be opened for reading as far as the system says.
    package static func reason(_ path: String) -> String? {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return SymbolicLink.danglingTarget(of: path).map { "is a symbolic link to \($0), which does not exist" } ?? "does not exist"
        }
        if isDirectory { return "is a directory, not a file" }
        guard access(path, R_OK) == 0 else { return "cannot be read: \(SystemError.last("access", path: path).reason)" }
        return nil
    }

    /// `PATH REASON`, for a file that failed to open or read with `failure` (the system's
    /// words, used when the path itself looks readable: a read error, a file too large).
    package static func message(_ path: String, failure: String? = nil) -> String {
        if let reason = reason(path) { return "\(path) \(reason)" }
        return failure.map { "cannot read \(path): \($0)" } ?? "cannot read \(path)"
    }
}
