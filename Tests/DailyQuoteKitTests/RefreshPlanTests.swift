import DailyQuoteKit
import Foundation
import Testing

@Suite("RefreshPlan")
struct RefreshPlanTests {
    @Test("The plan lists hosts, paths and header names, never header values; as text and as JSON")
    func plan() throws {
        var config = Config()
        config.sources = [
            SourceConfig(kind: .apiNinjas, headers: ["X-Api-Key": "s3cret", "Accept": "text/plain"]),
            SourceConfig(kind: .fortune, path: "/usr/share/games/fortunes/wisdom"),
        ]
        let plan = RefreshPlan(config: config, cachePath: "/c/quote.json")
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
