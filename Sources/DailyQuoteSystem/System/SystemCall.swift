import FoundationEssentials
import Glibc
import SystemPackage

/// The system calls dailyquote makes, on swift-system's `FileDescriptor` where it has them:
/// each retried on EINTR, writes finished when short, each failure a ``SystemError``.
package enum SystemCall {
    /// Calls `call` again while it fails with EINTR, and returns its last result.
    package static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result == -1, Glibc.errno == EINTR { continue }
            return result
        }
    }

    /// Which of `descriptors` (nil: none) are readable, or at their end, within `milliseconds`.
    ///
    /// -1 waits with no limit, 0 not at all; nil when `poll` fails. An interrupted `poll` starts again.
    package static func readable(_ descriptors: [FileDescriptor?], milliseconds: Int32) -> [Bool]? {
        var entries = descriptors.map { pollfd(fd: $0?.rawValue ?? -1, events: Int16(POLLIN), revents: 0) }
        guard retrying({ poll(&entries, nfds_t(entries.count), milliseconds) }) >= 0 else { return nil }
        return entries.map { $0.revents != 0 }
    }

    /// Whether `descriptor` is readable now (it is not read: a stop request stays readable).
    package static func isReadable(_ descriptor: FileDescriptor) -> Bool {
        readable([descriptor], milliseconds: 0)?.first == true
    }

    /// `seconds` as a `poll` timeout: rounded up, so that a wait never ends just before its deadline.
    package static func milliseconds(_ seconds: Double) -> Int32 {
        Int32(min((seconds * 1000).rounded(.up), Double(Int32.max)))
    }

    /// `call`, retried on EINTR; a result of -1 throws `operation`'s error.
    @discardableResult
    package static func check<T: BinaryInteger>(_ operation: String, path: String? = nil, _ call: () -> T) throws(SystemError) -> T {
        let result = retrying(call)
        guard result != -1 else { throw .last(operation, path: path) }
        return result
    }

    /// Creates `path` and its missing parents with mode 0700, as the XDG spec asks of these
    /// directories; one that exists is fine.
    package static func createPrivateDirectory(_ path: String) throws(SystemError) {
        guard !path.isEmpty, !isDirectory(path) else { return }
        let parent = PathName.directory(of: path)
        if parent != path { try createPrivateDirectory(parent) }
        if mkdir(path, 0o700) != 0, Glibc.errno != EEXIST { throw .last("cannot create", path: path) }
    }

    /// Whether `path` names a directory (following links).
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Opens `path` (created with `permissions`, 0600 by default) with `options` for writing.
    package static func openForWriting(
        _ path: String, options: FileDescriptor.OpenOptions, permissions: FilePermissions = [.ownerReadWrite]
    ) throws(SystemError) -> FileDescriptor {
        do {
            return try FileDescriptor.open(
                FilePath(path), .writeOnly, options: options.union([.create, .closeOnExec]), permissions: permissions,
                retryOnInterrupt: true)
        } catch {
            throw .thrown(error, "cannot open", path: path)
        }
    }

    /// Writes all of `bytes` to `descriptor`.
    package static func writeAll(_ bytes: some Sequence<UInt8>, to descriptor: FileDescriptor, path: String) throws(SystemError) {
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            throw .thrown(error, "cannot write", path: path)
        }
    }

    /// Appends `bytes` to `path` (created 0600, its directory 0700) with `O_APPEND`, so that
    /// concurrent writers never interleave a line; fsyncs it when `durable`.
    package static func append(_ bytes: some Sequence<UInt8>, to path: String, durable: Bool) throws(SystemError) {
        try createPrivateDirectory(PathName.directory(of: path))
        let descriptor = try openForWriting(path, options: [.append])
        defer { try? descriptor.close() }
        try writeAll(bytes, to: descriptor, path: path)
        if durable { try check("cannot write", path: path) { fsync(descriptor.rawValue) } }
    }

    /// Writes all of `bytes` to standard output.
    package static func writeStandardOutput(_ bytes: some Sequence<UInt8>) throws(SystemError) {
        try writeAll(bytes, to: .standardOutput, path: "standard output")
    }

    /// Points standard output at /dev/null: whoever reads it to its end sees the end now (a
    /// holder's `notify`, or a pipe behind it), and later writes go nowhere.
    package static func discardStandardOutput() {
        guard let null = try? FileDescriptor.open("/dev/null", .writeOnly, options: .closeOnExec, retryOnInterrupt: true) else { return }
        _ = try? null.duplicate(as: .standardOutput, retryOnInterrupt: true)
        try? null.close()
    }

    /// Everything on standard input until its end, at most `maximum` bytes.
    package static func readStandardInput(maximum: Int) throws(SystemError) -> [UInt8] {
        try readToEnd(.standardInput, maximum: maximum, path: "standard input")
    }

    /// Everything readable from `descriptor` until its end; more than `maximum` bytes is an error,
    /// so that a device such as `/dev/zero` cannot exhaust memory.
    package static func readToEnd(_ descriptor: FileDescriptor, maximum: Int, path: String) throws(SystemError) -> [UInt8] {
        var result: [UInt8] = []
        // Not zero-filled: the read overwrites what is used, and zeroing 64 KiB cost 65,000 counted
        // instructions a file (docs/performance.md, "Counted instructions since 1.0.0").
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let got: Int
            do {
                got = try descriptor.read(into: chunk, retryOnInterrupt: true)
            } catch {
                throw .thrown(error, "cannot read", path: path)
            }
            if got == 0 { return result }
            guard result.count + got <= maximum else { throw SystemError("cannot read", path: path, errno: .fileTooLarge) }
            result.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<got]))
        }
    }
}
