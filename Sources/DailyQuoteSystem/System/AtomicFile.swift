import FoundationEssentials
import Glibc
import SystemPackage

/// Writes files so that a crash at any moment leaves either the old or the new content.
package enum AtomicFile {
    /// Why a file could not be written.
    package struct WriteError: Error, Equatable, LocalizedError {
        package var path: String
        package var reason: String
        package var errorDescription: String? { "cannot write \(path): \(reason)" }
    }

    /// Writes `data` to `path` through a temporary file in the same directory: write, fsync,
    /// rename, then fsync the directory.
    ///
    /// Missing directories are created with mode 0700.
    /// `durable: false` skips both fsyncs: still all-or-nothing for a crashed process, but a
    /// power cut may lose the write. For diagnostics, where that costs nothing.
    package static func write(_ data: Data, to path: String, mode: mode_t = 0o600, durable: Bool = true) throws(WriteError) {
        let directory = PathName.directory(of: path)
        do {
            try SystemCall.createPrivateDirectory(directory)
        } catch {
            throw WriteError(path: path, reason: error.message)
        }
        var template = Array("\(directory)/.\(PathName.lastComponent(of: path)).XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw WriteError(path: path, reason: SystemError.last("mkstemp").reason) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let descriptor = FileDescriptor(rawValue: fd)
        do throws(SystemError) {
            defer { try? descriptor.close() }
            try SystemCall.check("fchmod") { fchmod(descriptor.rawValue, mode) }
            try SystemCall.writeAll(data, to: descriptor, path: temporary)
            if durable { try SystemCall.check("fsync") { fsync(descriptor.rawValue) } }
        } catch {
            unlink(temporary)
            throw WriteError(path: path, reason: error.reason)
        }
        guard rename(temporary, path) == 0 else {
            let failure = SystemError.last("rename")
            unlink(temporary)
            throw WriteError(path: path, reason: failure.reason)
        }
        guard durable else { return }
        if let directoryDescriptor = try? FileDescriptor.open(
            FilePath(directory), .readOnly, options: [.directory, .closeOnExec], retryOnInterrupt: true)
        {
            _ = SystemCall.retrying { fsync(directoryDescriptor.rawValue) }
            try? directoryDescriptor.close()
        }
    }
}

extension AtomicFile.WriteError: UserFacingError {
    package var kind: ErrorKind { .cannotWrite }
}
