import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem

/// `dailyquote show`: print the current quote, like `fortune`.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the current quote (the cached one, or today's from a local file or the bundled collection).",
        discussion: "With --favorite, a random saved favourite instead; exit status 1 if none is saved."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a random favourite (saved with the notification's Save button).")
    var favorite = false

    func run() throws {
        if favorite {
            // Favourites need no plan: a broken config must not hide them.
            let base = CommandEnvironment(global)
            let store = base.paths.favoritesStore(logger: base.logger)
            guard let chosen = store.list().randomElement() else {
                throw CommandFailure("no favourites saved yet (\(store.path)); press Save on a notification to keep its quote")
            }
            print(chosen.text)
            if !chosen.author.isEmpty { print("— \(chosen.author)") }
            return
        }
        let context = try CommandContext(global)
        let quotes = context.stages.quoteChooser
        let state = quotes.ledger.state().ignoringFuture(now: context.now, planner: context.planner)
        guard
            let choice = quotes.choose(
                for: .delivery(day: context.planner.localDay(of: context.now)), lastPostedAt: state.lastPostedAt, now: context.now)
        else { throw CommandFailure("no quote to show") }
        print(choice.quote.text)
        if !choice.quote.author.isEmpty { print("— \(choice.quote.author)") }
    }
}
