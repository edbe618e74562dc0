import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("FavoritesStore")
struct FavoritesStoreTests {
    let directory = TemporaryDirectory()
    var store: FavoritesStore { FavoritesStore(path: directory.path + "/dailyquote/favorites.jsonl") }
    let first = Quote(text: "Less is more.", author: "Mies")
    let second = Quote(text: "Less is more.", author: "")

    @Test("Saving twice keeps one entry; the same text by another author is another favourite")
    func saveOnce() throws {
        #expect(try store.save(first, at: 100))
        #expect(try !store.save(first, at: 200))
        #expect(try store.save(second, at: 300))
        #expect(store.list() == [Favorite(quote: first, savedAt: 100), Favorite(quote: second, savedAt: 300)])
    }

    @Test("Removing by number; a number out of range is a usage error (64) and removes nothing")
    func remove() throws {
        try store.save(first, at: 100)
        try store.save(second, at: 300)
        for bad in [0, 3, -1] {
            #expect(throws: FavoritesStore.NoSuchFavorite.self) { try store.remove(number: bad) }
        }
        #expect(FavoritesStore.NoSuchFavorite(number: 3, count: 2).kind == .usage)
        #expect(store.list().count == 2)
        #expect(try store.remove(number: 1).quote == first)
        #expect(store.list().map(\.quote) == [second])
    }

    @Test("Removing with no favourites saved is the same usage error, and writes nothing: no lock file, no directory")
    func removeNone() throws {
        #expect(throws: FavoritesStore.NoSuchFavorite(number: 1, count: 0)) { try store.remove(number: 1) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("A damaged line is skipped with a warning giving its line number, and kept through saves and removals")
    func damagedLine() throws {
        try FileManager.default.createDirectory(atPath: PathName.directory(of: store.path), withIntermediateDirectories: true)
        let good = String(decoding: try JSONEncoder().encode(Favorite(quote: first, savedAt: 1)), as: UTF8.self)
        try "\(good)\n{\"text\": broken\n".write(toFile: store.path, atomically: true, encoding: .utf8)
        let warnings = LogLines()
        let logged = FavoritesStore(path: store.path, logger: warnings.logger)
        #expect(logged.list().map(\.quote) == [first])
        let lines = warnings.all
        #expect(lines.contains { $0.hasPrefix("warning") && $0.contains("favorites.jsonl:2:") }, "\(lines)")
        try logged.save(second, at: 5)
        _ = try logged.remove(number: 1)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.contains("{\"text\": broken\n"))
        #expect(logged.list().map(\.quote) == [second])
    }
}
