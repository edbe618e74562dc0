import Glibc

/// What this process's standard error is, for a child meant to outlive it.
package enum StandardErrorStream {
    /// Whether a child that kept standard error open would keep a caller waiting after this
    /// process ends: it is a pipe or a socket that the caller reads to its end
    /// (`dailyquote notify 2>&1 | tee log`), and not the journal stream systemd gave the service.
    ///
    /// A terminal, a file and the journal are shared: the holder's warnings belong there.
    package static func keepsCallerWaiting(environment: [String: String]) -> Bool {
        var status = stat()
        guard fstat(2, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFIFO || kind == S_IFSOCK else { return false }
        return !isJournal(status, environment: environment)
    }

    /// Whether `status` is the journal stream that `JOURNAL_STREAM` names by device and inode.
    private static func isJournal(_ status: stat, environment: [String: String]) -> Bool {
        let parts = (environment["JOURNAL_STREAM"] ?? "").split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }
}
