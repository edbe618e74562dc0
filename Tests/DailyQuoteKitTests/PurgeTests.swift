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

    /// A home laid out as on a new account where only dailyquote made `~/.cache`, `~/.local/state` and `~/.local/share`.
    func newAccount(favorites: Bool) throws -> (TemporaryDirectory, AppPaths) {
        let home = TemporaryDirectory()
        let paths = AppPaths(
            configHome: home.url(".config"), cacheDirectory: home.url(".cache/dailyquote"),
            stateDirectory: home.url(".local/state/dailyquote"), dataDirectory: home.url(".local/share/dailyquote"))
        try home.write(".cache/dailyquote/quote.json", "{}")
        try home.write(".local/state/dailyquote/history.jsonl", "")
        // What `favorites --remove` and Save leave: the lock beside the favourites.
        try home.write(".local/share/dailyquote/favorites.jsonl.lock", "")
        if favorites { try home.write(".local/share/dailyquote/favorites.jsonl", "") }
        try home.write(".config/dailyquote/config.toml", "")
        return (home, paths)
    }

    @Test("uninstall --purge: the favourites' lock goes, and the directories above those it removed once empty, below the home only")
    func emptyParents() throws {
        let (home, paths) = try newAccount(favorites: false)
        var removed: [String] = []
        try Purge.everything.run(in: paths, home: home.path) { removed.append($0) }
        let expected = [
            ".cache/dailyquote", ".local/state/dailyquote", ".local/share/dailyquote", ".cache", ".local/state", ".local/share", ".local",
        ]
        #expect(removed == expected.map(home.url))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [".config"])
        #expect(FileManager.default.fileExists(atPath: home.path))

        let (kept, keptPaths) = try newAccount(favorites: true)
        removed = []
        try Purge.everything.run(in: keptPaths, home: kept.path) { removed.append($0) }
        #expect(removed == [".cache/dailyquote", ".local/state/dailyquote", ".cache", ".local/state"].map(kept.url))
        #expect(try FileManager.default.contentsOfDirectory(atPath: keptPaths.dataDirectory) == ["favorites.jsonl"])

        // Without a home (or with `/`) nothing above dailyquote's own directories goes.
        for stop in [nil, "/"] as [String?] {
            let (other, otherPaths) = try newAccount(favorites: false)
            try Purge.everything.run(in: otherPaths, home: stop)
            #expect(try FileManager.default.contentsOfDirectory(atPath: other.url(".local")).sorted() == ["share", "state"])
        }
    }
}
