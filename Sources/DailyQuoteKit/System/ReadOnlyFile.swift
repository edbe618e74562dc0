#if canImport(Glibc)
    import Glibc
#else
    #error("dailyquote runs on Linux only")
#endif

/// A file opened for reading; owns the descriptor and closes it in `deinit`.
///
/// It reads devices and pipes too (`--config <(generate)`), and reads at an offset without
/// moving a shared position.
package final class ReadOnlyFile {
    /// Why a read failed.
    package struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        package var description: String
    }

    private let descriptor: Int32

    /// Opens `path`, or returns nil if it cannot be opened.
    package init?(path: String) {
        let descriptor = SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    package func read(at offset: UInt64, count: Int) throws(ReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = SystemCall.retrying {
                bytes.withUnsafeMutableBytes { buffer in
                    // Never nil: `bytes` is not empty while some are left to fill.
                    pread(descriptor, buffer.baseAddress?.advanced(by: filled), count - filled, off_t(offset) + off_t(filled))
                }
            }
            guard got >= 0 else { throw ReadError(description: SystemError.last("read").reason) }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// Everything from the current position to the end; more than `maximum` bytes is an error,
    /// so that a device such as `/dev/zero` cannot exhaust memory.
    package func readToEnd(maximum: Int) throws(ReadError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = SystemCall.retrying { chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) } }
            guard got >= 0 else { throw ReadError(description: SystemError.last("read").reason) }
            if got == 0 { return result }
            guard result.count + got <= maximum else { throw ReadError(description: "larger than \(maximum / 1024) KiB") }
            result.append(contentsOf: chunk[..<got])
        }
    }
}
