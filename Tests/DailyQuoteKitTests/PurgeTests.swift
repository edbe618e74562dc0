import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("Purge")
struct PurgeTests {
    /// A home with a cached quote, a history, a favourite and an empty directory `extra`.
    func home() throws -> (TemporaryDirectory, AppPaths) {
        let home = TemporaryDirectory()
        let paths = AppPaths(root: home.path)
        try home.write("cache/quote.json", "{}")
        try home.write("state/history.jsonl", "")
        try home.write("data/favorites.jsonl", "")
        return (home, paths)
    }

    @Test("clear's choices: the cache alone, the state alone, or both; the favourites stay")
    func clearChoices() throws {
        for (cache, state) in [(true, false), (false, true), (true, true)] {
            let (home, paths) = try home()
            var removed: [String] = []
            try Purge(cache: cache, state: state).run(in: paths) { removed.append($0) }
            #expect(removed == (cache ? [paths.cacheDirectory] : []) + (state ? [paths.stateDirectory] : []))
            #expect(FileManager.default.fileExists(atPath: paths.cacheDirectory) == !cache)
            #expect(FileManager.default.fileExists(atPath: paths.stateDirectory) == !state)
            #expect(FileManager.default.fileExists(atPath: paths.favorites))
            #expect(Purge(cache: cache, state: state).existing(in: paths).isEmpty, "\(home.path)")
        }
    }

    @Test("uninstall --purge: the cache and the state, and the data directory only where it is empty")
    func everything() throws {
        let (home, paths) = try home()
        var removed: [String] = []
        try Purge.everything.run(in: paths) { removed.append($0) }
        #expect(removed == [paths.cacheDirectory, paths.stateDirectory])
        #expect(FileManager.default.fileExists(atPath: paths.favorites))
        try FileManager.default.removeItem(atPath: paths.favorites)
        removed = []
        try Purge.everything.run(in: paths) { removed.append($0) }
        #expect(removed == [paths.dataDirectory], "\(home.path)")
        #expect(!FileManager.default.fileExists(atPath: paths.dataDirectory))
    }
}
