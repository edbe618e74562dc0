import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under the system temp directory, removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init() {
        let template = NSTemporaryDirectory() + "dailyquote-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else {
            fatalError("mkdtemp failed for \(template)")  // Test infrastructure only.
        }
        path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/relative`.
    public func url(_ relative: String) -> String { "\(path)/\(relative)" }

    /// Writes `text` to `relative`, creating parent directories, and returns the full path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }

    /// Writes `text` to `relative` as an executable (mode 0755) and returns the full path.
    ///
    /// The descriptor is opened close-on-exec and closed at once: a file that another test's
    /// child inherited open for writing (Foundation's writes leave that flag off) cannot be
    /// executed while that child lives, and spawning it fails with ETXTBSY, "Text file busy".
    @discardableResult
    public func writeExecutable(_ relative: String, _ text: String) throws -> String {
        let full = url(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            written += count
        }
        guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return full
    }

    /// Every file and directory below the directory, relative paths, sorted.
    public func contents() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    }
}
