import Glibc

/// What this process may do with a path, as the system says now (`access`), and moving a file
/// aside (`rename`).
package enum PathAccess {
    /// Whether the file or directory at `path` may be written.
    package static func mayWrite(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Whether the file at `path` may be run.
    package static func mayExecute(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// Renames `path` to `newPath` in one step (`rename`), replacing what was there.
    package static func move(_ path: String, to newPath: String) throws(SystemError) {
        _ = try SystemCall.check("rename", path: path) { rename(path, newPath) }
    }
}
