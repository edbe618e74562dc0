import DailyQuoteSystem
import FoundationEssentials

/// Removes what dailyquote wrote as it ran: the cached quote (the cache directory) and the
/// delivery state and history (the state directory); for `clear` and `uninstall --purge` alike.
///
/// Favourites (the data directory) are never removed; `uninstall --purge` removes the lock file
/// beside them and the data directory where it is then empty (the sandboxed services make it for
/// Save), and the directories above those it removed that are then empty, up to the home
/// (`~/.local/state`, made for dailyquote's state on a new account).
package struct Purge: Sendable, Equatable {
    /// Whether the cache directory goes.
    package var cache: Bool
    /// Whether the state directory (the ledger, the history, the markers) goes.
    package var state: Bool
    /// Whether the data directory goes too, where it is empty.
    package var emptyData: Bool

    package init(cache: Bool, state: Bool, emptyData: Bool = false) {
        (self.cache, self.state, self.emptyData) = (cache, state, emptyData)
    }

    /// `uninstall --purge`: the cache, the state, and an empty data directory.
    package static let everything = Purge(cache: true, state: true, emptyData: true)

    /// Why a directory could not be removed.
    package struct Failure: Error, Equatable {
        package var path: String
        package var reason: String
    }

    /// The directories it removes that exist, in `paths` (the empty data directory not among them).
    package func existing(in paths: AppPaths) -> [String] {
        let directories = (cache ? [paths.cacheDirectory] : []) + (state ? [paths.stateDirectory] : [])
        return directories.filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Removes them, calling `removed` with each directory that went; stops at the first that cannot go.
    ///
    /// With ``emptyData``, the directories above them that are then empty go too, below `home` only.
    package func run(in paths: AppPaths, home: String? = nil, removed: (String) -> Void = { _ in }) throws(Failure) {
        var gone: [String] = []
        for path in existing(in: paths) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw Failure(path: path, reason: error.message)
            }
            removed(path)
            gone.append(path)
        }
        guard emptyData else { return }
        let data = paths.dataDirectory
        try? FileManager.default.removeItem(atPath: AppPaths.lockFile(for: paths.favorites))
        if Self.removeIfEmpty(data) {
            removed(data)
            gone.append(data)
        }
        guard let home, home.count > 1 else { return }
        for path in gone {
            var parent = PathName.directory(of: path)
            while parent.hasPrefix(home.hasSuffix("/") ? home : home + "/"), Self.removeIfEmpty(parent) {
                removed(parent)
                parent = PathName.directory(of: parent)
            }
        }
    }

    /// Removes the directory `path` if it is empty; whether it did.
    private static func removeIfEmpty(_ path: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true
            && (try? FileManager.default.removeItem(atPath: path)) != nil
    }
}
