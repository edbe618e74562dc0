import DailyQuoteSystem
import FoundationEssentials

/// Removes what dailyquote wrote as it ran: the cached quote (the cache directory) and the
/// delivery state and history (the state directory); for `clear` and `uninstall --purge` alike.
///
/// Favourites (the data directory) are never removed; `uninstall --purge` removes the data
/// directory only where it is empty (the sandboxed services make it for Save).
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

    /// Removes them, calling `removed` with each directory that went; stops at the first that
    /// cannot go.
    package func run(in paths: AppPaths, removed: (String) -> Void = { _ in }) throws(Failure) {
        for path in existing(in: paths) {
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw Failure(path: path, reason: error.message)
            }
            removed(path)
        }
        guard emptyData else { return }
        let data = paths.dataDirectory
        let empty = (try? FileManager.default.contentsOfDirectory(atPath: data))?.isEmpty == true
        if empty, (try? FileManager.default.removeItem(atPath: data)) != nil { removed(data) }
    }
}
