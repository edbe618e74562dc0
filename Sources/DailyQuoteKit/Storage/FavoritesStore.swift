import DailyQuoteSystem
import FoundationEssentials
import Logging

/// `favorites.jsonl` in the data directory: the quotes saved with the Save button, one JSON
/// object a line, oldest first.
///
/// A quote is saved once (the same text and author). Lines that do not parse are kept as they
/// are, and skipped with a warning that gives their line number: a damaged line never stops
/// the list, a save or a removal, and nothing is lost.
package struct FavoritesStore: Sendable {
    /// ``AppPaths/favorites``.
    package var path: String
    /// Where warnings about damaged lines go.
    package var logger: Logger?

    /// Held while the file is rewritten: `FILE.lock` beside it.
    var lockPath: String { AppPaths.lockFile(for: path) }

    /// Why a favourite could not be removed: there is no number `number` (a usage error).
    package struct NoSuchFavorite: UserFacingError, Equatable {
        package var number: Int
        package var count: Int
        package var kind: ErrorKind { .usage }

        package init(number: Int, count: Int) {
            self.number = number
            self.count = count
        }
        package var errorDescription: String? {
            count == 0
                ? "--remove \(number): there are no favourites to remove"
                : "--remove \(number): no favourite with that number; the list has 1 to \(count) (see dailyquote favorites)"
        }
    }

    /// A line of the file: a favourite, or text kept as it is.
    private enum Line {
        case favorite(Favorite)
        case damaged([UInt8])
    }

    /// The saved quotes, oldest first (numbered from 1 in this order).
    package func list() -> [Favorite] { list(warn: true) }

    private func list(warn: Bool) -> [Favorite] {
        lines(warn: warn).compactMap {
            if case .favorite(let favorite) = $0 { return favorite }
            return nil
        }
    }

    /// Saves `quote` unless it is saved already; true when it was added.
    @discardableResult
    package func save(_ quote: Quote, source: String? = nil, at now: Int64) throws -> Bool {
        let lock = try FileLock(path: lockPath, until: .after(seconds: 5))
        defer { withExtendedLifetime(lock) {} }
        var current = lines(warn: false)
        for case .favorite(let favorite) in current where favorite.isSame(as: quote) { return false }
        current.append(.favorite(Favorite(quote: quote, savedAt: now, source: source)))
        try write(current)
        return true
    }

    /// Removes favourite `number` (1-based, as `list()` numbers them) and returns it.
    package func remove(number: Int) throws -> Favorite {
        // Nothing saved: a mistake leaves no lock file (and no directory) behind.
        guard FileManager.default.fileExists(atPath: path) else { throw NoSuchFavorite(number: number, count: 0) }
        let lock = try FileLock(path: lockPath, until: .after(seconds: 5))
        defer { withExtendedLifetime(lock) {} }
        var current = lines(warn: true)
        let positions = current.indices.filter {
            if case .favorite = current[$0] { return true }
            return false
        }
        guard number >= 1, number <= positions.count else { throw NoSuchFavorite(number: number, count: positions.count) }
        guard case .favorite(let removed) = current.remove(at: positions[number - 1]) else { preconditionFailure() }
        try write(current)
        return removed
    }

    private func lines(warn: Bool) -> [Line] {
        JSONLines.read(Favorite.self, at: path).map { line in
            if let favorite = line.value { return .favorite(favorite) }
            if warn { logger?.warning("\(path):\(line.number): not a saved quote; skipped (the line is kept)") }
            return .damaged(Array(line.bytes))
        }
    }

    private func write(_ lines: [Line]) throws {
        let encoder = JSONEncoder.dailyquote()
        var data = Data()
        for line in lines {
            switch line {
            case .favorite(let favorite): data.append(try encoder.encode(favorite))
            case .damaged(let bytes): data.append(contentsOf: bytes)
            }
            data.append(UInt8(ascii: "\n"))
        }
        try AtomicFile.write(data, to: path)
    }
}
