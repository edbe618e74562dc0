#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// The journal stream systemd connects a service's standard error to.
package enum JournalStream {
    /// Whether standard error is that stream (`JOURNAL_STREAM` names its device and inode), and
    /// not a terminal or a pipe that a caller reads to its end.
    package static func isStandardError(environment: [String: String]) -> Bool {
        let parts = (environment["JOURNAL_STREAM"] ?? "").split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(2, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }
}
