import CLinuxEvents
import Glibc
import SystemPackage

/// An `inotify` instance that watches directories for files created, written, moved or removed.
///
/// Readable while events wait (changed attributes too). Owns its descriptor (non-blocking,
/// close-on-exec) and closes it in `deinit`.
///
/// Editors replace a file by renaming another over it, which a watch on the file itself would
/// lose: so the directory is watched, and the events name the file.
package final class DirectoryWatch {
    /// One event: the watch (from ``watch(_:)``) and the file's name in that directory.
    package struct Event: Sendable, Equatable {
        package var watch: Int32
        package var name: String
    }

    /// Readable while events wait.
    package let descriptor: FileDescriptor

    package init() throws(SystemError) {
        let raw = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard raw >= 0 else { throw .last("inotify_init1") }
        descriptor = FileDescriptor(rawValue: raw)
    }

    deinit { try? descriptor.close() }

    /// Watches `directory`; its watch number, nil where it cannot be watched (it does not exist).
    package func watch(_ directory: String) -> Int32? {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        let watch = inotify_add_watch(descriptor.rawValue, directory, mask)
        return watch >= 0 ? watch : nil
    }

    /// The events that wait now (none once they were read).
    package func read() -> [Event] {
        var events: [Event] = []
        let size = 4096
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = (try? descriptor.read(into: buffer, retryOnInterrupt: true)) ?? 0
            guard count > 0, let base = buffer.baseAddress else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = base.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = base.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                events.append(Event(watch: event.wd, name: name))
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
        return events
    }
}
