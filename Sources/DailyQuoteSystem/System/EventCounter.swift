import CLinuxEvents
import Glibc
import SystemPackage

/// An `eventfd`: a counter that any thread, or the signal router's handler, adds to, and that a
/// `poll` or a GLib loop sees as readable while it is above zero.
///
/// Owns its descriptor (non-blocking, close-on-exec) and closes it in `deinit`.
package final class EventCounter: Sendable {
    /// Readable while the count is above zero.
    package let descriptor: FileDescriptor

    /// A new counter at zero.
    package init() throws(SystemError) {
        let raw = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard raw >= 0 else { throw .last("eventfd") }
        descriptor = FileDescriptor(rawValue: raw)
    }

    deinit { try? descriptor.close() }

    /// Adds 1, which makes it readable; safe from any thread.
    package func add() {
        var one: UInt64 = 1
        // Fails only at a count near 2^64, which is readable anyway.
        _ = try? withUnsafeBytes(of: &one) { try descriptor.write($0, retryOnInterrupt: true) }
    }

    /// Takes the count back to zero; whether it was above zero.
    @discardableResult
    package func drain() -> Bool {
        var value: UInt64 = 0
        let got = try? withUnsafeMutableBytes(of: &value) { try descriptor.read(into: $0, retryOnInterrupt: true) }
        return got == 8 && value > 0
    }

    /// Whether the count is above zero now (it is not read, so it stays so).
    package var isRaised: Bool { SystemCall.isReadable(descriptor) }
}
