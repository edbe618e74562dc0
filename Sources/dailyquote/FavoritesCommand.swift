import ArgumentParser
import DailyQuoteKit
import FoundationEssentials
import Logging

/// `dailyquote favorites`: list the quotes saved with the Save button, or remove one.
struct FavoritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "List the quotes saved with the notification's Save button, numbered; --remove N removes one.",
        discussion: "The favourites are in $XDG_DATA_HOME/dailyquote/favorites.jsonl. Exit status 64 if --remove names no favourite."
    )

    @OptionGroup var global: GlobalOptions

    // Unconditional, so that `--remove -1` is read as a value and explained, not taken for an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Remove favourite number N (as the list numbers them).", valueName: "N"))
    var remove: Int?

    @Flag(help: "Print a JSON array.")
    var json = false

    func validate() throws {
        if let remove, remove < 1 { throw ValidationError("--remove takes a favourite's number (1 or more, as listed), not \(remove).") }
    }

    /// A favourite as `--json` prints it: its number, the quote, and when it was saved.
    struct Listed: Encodable {
        var number: Int
        var text: String
        /// Absent for a quote without an author.
        var author: String?
        var savedAt: Int64
        var saved: String
        var source: String?
    }

    /// Where `favorite`'s quote came from, by the last delivery of it at or before it was saved.
    static func source(of favorite: Favorite, history: [HistoryEntry]) -> String? {
        history.last { $0.postedAt <= favorite.savedAt && favorite.isSame(as: $0.quote) }?.source
    }

    func run() throws {
        // No plan needed: a broken config must not hide the favourites.
        let context = CommandEnvironment(global)
        let store = context.paths.favoritesStore(logger: context.logger)
        if let remove {
            let removed = try store.remove(number: remove)
            context.logger.notice("removed favourite \(remove): \"\(removed.text.prefix(60))\"")
            return
        }
        let favorites = store.list()
        let format = ZonedTimeFormat(zone: favorites.isEmpty ? .utc : context.displayZone())
        if json {
            // Favourites saved before the Save button recorded the source: the history knows it.
            let history = favorites.contains { $0.source == nil } ? context.ledger.history() : []
            let listed = favorites.enumerated().map { index, favorite in
                Listed(
                    number: index + 1, text: favorite.text, author: favorite.author.isEmpty ? nil : favorite.author,
                    savedAt: favorite.savedAt, saved: format.iso8601(favorite.savedAt),
                    source: favorite.source ?? Self.source(of: favorite, history: history))
            }
            print(try JSONOutput.encode(listed))
            return
        }
        guard !favorites.isEmpty else {
            context.logger.notice("no favourites yet (\(store.path)); press Save on a notification to keep its quote")
            return
        }
        for (index, favorite) in favorites.enumerated() {
            let number = "\(index + 1). "
            let indent = String(repeating: " ", count: number.count)
            var line = number + "\"\(favorite.text.replacing("\n", with: "\n" + indent))\""
            if !favorite.author.isEmpty { line += " — \(favorite.author)" }
            line += "  (saved \(format.display(favorite.savedAt)))"
            print(line)
        }
    }
}
