import ArgumentParser
import DailyQuoteKit

/// `dailyquote show`: print the current quote, like `fortune`.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the current quote (the cached one, or today's from the bundled collection)."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try CommandContext(global)
        let ledger = context.ledger
        let state = ledger.state().ignoringFuture(now: context.now, planner: context.planner)
        let choice = QuoteChoice.choose(
            cache: context.cache.read(), lastPostedAt: state.lastPostedAt,
            day: context.planner.localDay(of: context.now), history: ledger.history(), now: context.now,
            filters: context.config.quotes)
        print(choice.quote.text)
        if !choice.quote.author.isEmpty { print("— \(choice.quote.author)") }
    }
}
