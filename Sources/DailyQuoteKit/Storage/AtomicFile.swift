import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a crash at any moment leaves either the old or the new content.
public enum AtomicFile {
    /// Why a file could not be written.
    public struct WriteError: Error, Equatable, LocalizedError {
        public var path: String
        public var reason: String
        public var errorDescription: String? { "cannot write \(path): \(reason)" }
    }

    /// Writes `data` to `path` through a temporary file in the same directory: write, fsync,
    /// rename, then fsync the directory.
    ///
    /// Missing directories are created with mode 0700.
    /// `durable: false` skips both fsyncs: still all-or-nothing for a crashed process, but a
    /// power cut may lose the write. For diagnostics, where that costs nothing.
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600, durable: Bool = true) throws(WriteError) {
        let directory = PathName.directory(of: path)
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw WriteError(path: path, reason: "cannot create \(directory): \(error.message)")
        }
        var template = Array("\(directory)/.\(PathName.lastComponent(of: path)).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        if fchmod(fd, mode) != 0 { failure = String(cString: strerror(errno)) }
        data.withUnsafeBytes { buffer in
            var offset = 0
            while failure == nil, offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                } else {
                    offset += written
                }
            }
        }
        if failure == nil, durable, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        guard failure == nil else {
            unlink(temporary)
            throw WriteError(path: path, reason: failure!)
        }
        guard durable else { return }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }
}
