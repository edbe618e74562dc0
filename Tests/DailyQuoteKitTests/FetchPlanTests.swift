import Foundation
import Testing

@testable import DailyQuoteKit

@Suite("FetchPlan")
struct FetchPlanTests {
    @Test("The plan lists hosts, paths and header names, never header values; as text and as JSON")
    func plan() throws {
        var config = Config()
        config.sources = [
            SourceConfig(kind: .apiNinjas, headers: ["X-Api-Key": "s3cret", "Accept": "text/plain"]),
            SourceConfig(kind: .fortune, path: "/usr/share/games/fortunes/wisdom"),
        ]
        let plan = FetchPlan(config: config, cachePath: "/c/quote.json")
        #expect(
            plan.text == """
                would try, in order, within 20s:
                  1. api-ninjas https://api.api-ninjas.com/v1/quotes (headers: Accept, X-Api-Key)
                  2. fortune /usr/share/games/fortunes/wisdom
                and cache the quote in /c/quote.json
                """)
        let json = String(decoding: try JSONEncoder.dailyquote().encode(plan), as: UTF8.self)
        #expect(
            json
                == #"{"cache":"/c/quote.json","dryRun":true,"sources":[{"headers":["Accept","X-Api-Key"],"host":"api.api-ninjas.com","source":"api-ninjas"},{"headers":[],"path":"/usr/share/games/fortunes/wisdom","source":"fortune"}],"timeout":"20s"}"#
        )
        #expect(!json.contains("s3cret"))
    }
}

extension FetchPlanTests {
    @Test("The plan shows a fortune file's declared encoding and the [quotes] filters")
    func encodingAndFilters() throws {
        var config = Config()
        config.sources = [SourceConfig(kind: .fortune, path: "/usr/share/games/fortunes/eo-iso3/proverbaro", encoding: "ISO-8859-3")]
        config.quotes = QuotesConfig(maxLength: 200, excludeAuthors: ["Anonymous"], includeAuthors: ["Seneca", "Cato"])
        let plan = FetchPlan(config: config, cachePath: "/c/quote.json")
        #expect(
            plan.text == """
                would try, in order, within 20s:
                  1. fortune /usr/share/games/fortunes/eo-iso3/proverbaro (encoding: ISO-8859-3)
                keeping only quotes that pass [quotes]: max_length 200; exclude_authors "Anonymous"; include_authors "Seneca", "Cato"
                and cache the quote in /c/quote.json
                """)
        let json = String(decoding: try JSONEncoder.dailyquote().encode(plan), as: UTF8.self)
        #expect(json.contains(#""encoding":"ISO-8859-3""#), "\(json)")
    }
}
