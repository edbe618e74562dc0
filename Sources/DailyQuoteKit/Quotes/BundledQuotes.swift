import DailyQuoteResources

/// The quote collection compiled into the binary (`Resources/quotes.json`).
package enum BundledQuotes {
    /// The collection, indexed but not decoded: a quote is decoded when it is read.
    package static let collection = QuoteCollection(json: BundledResource.quotesJSON)

    /// All bundled quotes, in file order.
    package static var all: [Quote] { collection.all }
}
