import DailyQuoteResources
import FoundationEssentials

/// The quote collection compiled into the binary (`Resources/quotes.json`).
package enum BundledQuotes {
    /// All bundled quotes, in file order.
    package static let all: [Quote] = {
        // The file is part of the build and checked by a test, so failing here is a build defect.
        (try? JSONDecoder().decode([Quote].self, from: Data(BundledResource.quotesJSON))) ?? []
    }()
}
