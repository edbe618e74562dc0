import DailyQuoteSystem
import FoundationEssentials

/// A JSON file that counts only while some process holds the lock file beside it.
///
/// The holder's and the presence wait's markers are such files. A marker left by a process
/// that died is stale the moment the kernel drops its lock.
package protocol LiveMarker: Decodable {
    /// The marker file and the lock that makes it live.
    static func files(in paths: AppPaths) -> (marker: String, lock: String)
}

extension LiveMarker where Self: Encodable {
    /// Writes the marker file (atomically; a lost marker only hides the process from `status`).
    package func write(in paths: AppPaths) throws {
        try AtomicFile.write(try JSONEncoder.dailyquote().encode(self), to: Self.files(in: paths).marker, durable: false)
    }
}

extension LiveMarker {
    /// The marker, or nil when no process holds its lock, or the file does not decode or is of
    /// a newer ``FormatVersion`` than this build knows.
    package static func live(in paths: AppPaths) -> Self? {
        let (marker, lock) = files(in: paths)
        guard FileLock.isHeld(path: lock), let data = FileManager.default.contents(atPath: marker) else { return nil }
        return decoded(data)
    }

    /// `data` as a marker; nil where it does not decode or is of a newer ``FormatVersion``.
    package static func decoded(_ data: Data) -> Self? {
        guard let marker = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        return (marker as? any FormatVersion)?.isKnown == false ? nil : marker
    }
}
