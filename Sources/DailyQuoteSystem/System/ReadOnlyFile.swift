import Glibc
import SystemPackage

/// A file opened for reading; owns the descriptor and closes it in `deinit`.
///
/// It reads devices and pipes too (`--config <(generate)`), and reads at an offset without
/// moving a shared position.
package final class ReadOnlyFile {
    /// Why a read failed.
    package struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        package var description: String
    }

    private let descriptor: FileDescriptor

    /// Opens `path`, or returns nil if it cannot be opened.
    package init?(path: String) {
        guard let descriptor = try? FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec], retryOnInterrupt: true)
        else { return nil }
        self.descriptor = descriptor
    }

    deinit { try? descriptor.close() }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    package func read(at offset: UInt64, count: Int) throws(ReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got: Int
            do {
                got = try bytes.withUnsafeMutableBytes { buffer in
                    try descriptor.read(
                        fromAbsoluteOffset: Int64(offset) + Int64(filled), into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]),
                        retryOnInterrupt: true)
                }
            } catch {
                throw ReadError(description: SystemError.thrown(error, "read").reason)
            }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// Everything from the current position to the end; more than `maximum` bytes is an error,
    /// so that a device such as `/dev/zero` cannot exhaust memory.
    package func readToEnd(maximum: Int) throws(ReadError) -> [UInt8] {
        do {
            return try SystemCall.readToEnd(descriptor, maximum: maximum, path: "")
        } catch  where error.errno == .fileTooLarge {
            throw ReadError(description: "larger than \(maximum / 1024) KiB")
        } catch {
            throw ReadError(description: error.reason)
        }
    }
}
