import Glibc
import SystemPackage

/// A Unix stream socket's connection, made only to see that a server (a bus) accepts it.
package enum LocalSocket {
    /// Connects to the socket at `path` (an abstract name where `abstract`) and closes the
    /// connection at once; nil once it was accepted, else why not.
    package static func problem(connectingTo path: String, abstract: Bool) -> String? {
        let raw = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard raw >= 0 else { return SystemError.last("socket").reason }
        let descriptor = FileDescriptor(rawValue: raw)
        defer { try? descriptor.close() }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path) - 1
        guard bytes.count + (abstract ? 1 : 0) <= capacity else { return "path too long" }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let offset = abstract ? 1 : 0
            for (index, byte) in bytes.enumerated() { raw[index + offset] = byte }
        }
        // A path ends in a NUL; an abstract name starts with one.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        // Not retried on EINTR: an interrupted connect goes on by itself, and a retry fails with EALREADY.
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor.rawValue, $0, length) }
        }
        return result == 0 ? nil : SystemError.last("connect").reason
    }
}
