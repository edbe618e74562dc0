import FoundationEssentials

/// A JSON file that counts only while some process holds the lock file beside it.
///
/// The holder's and the presence wait's markers are such files. A marker left by a process
/// that died is stale the moment the kernel drops its lock.
package enum LiveMarkerFile {
    /// The marker at `path`, or nil when no process holds `lock` or the file does not decode.
    package static func read<Marker: Decodable>(_ type: Marker.Type, at path: String, heldWith lock: String) -> Marker? {
        guard FileLock.isHeld(path: lock), let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }
}
