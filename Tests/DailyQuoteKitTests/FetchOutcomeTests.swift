import Foundation
import Testing

@testable import DailyQuoteKit

@Suite("FetchOutcome")
struct FetchOutcomeTests {
    @Test("Attempts name the host (with its port) or the file, never the URL's path or query")
    func attemptPlaces() throws {
        let secretURL = SourceConfig(kind: .json, url: "http://127.0.0.1:8080/v1/q?api_key=s3cret", headers: ["X-Api-Key": "h3ader"])
        let attempts: [FetchOutcome.Attempt] = [
            .init(secretURL, outcome: .failed, error: "HTTP 500"),
            .init(SourceConfig(kind: .zenquotes), outcome: .failed, error: "deadline reached"),
            .init(SourceConfig(kind: .fortune, path: "/usr/share/games/fortunes/wisdom"), outcome: .skipped),
            .init(SourceConfig(kind: .dummyjson, url: "http://[::1]:9/x"), outcome: .skipped),
        ]
        #expect(attempts.map(\.host) == ["127.0.0.1:8080", "zenquotes.io", nil, "[::1]:9"])
        #expect(attempts.map(\.path) == [nil, nil, "/usr/share/games/fortunes/wisdom", nil])
        let outcome = FetchOutcome(result: .failed, elapsedMs: 12, attempts: attempts, at: 0)
        #expect(
            outcome.text
                == "failed (12 ms): json (127.0.0.1:8080): HTTP 500; zenquotes (zenquotes.io): deadline reached; "
                + "fortune (/usr/share/games/fortunes/wisdom): skipped, not tried before the deadline; "
                + "dummyjson ([::1]:9): skipped, not tried before the deadline")
        let json = String(decoding: try JSONEncoder.dailyquote().encode(outcome), as: UTF8.self)
        #expect(!json.contains("s3cret") && !json.contains("h3ader") && !json.contains("/v1/q"), "\(json)")
        #expect(json.contains(#""host":"127.0.0.1:8080""#), "\(json)")
        #expect(json.contains(#""outcome":"skipped""#), "\(json)")
    }
}

extension FetchOutcomeTests {
    @Test("A quote taken after [quotes] refused others names the refusals; other failures stay in the attempts only")
    func refusalsInText() {
        var refused = FetchOutcome.Attempt(
            SourceConfig(kind: .zenquotes, url: "http://127.0.0.1:9/zen"), outcome: .failed,
            error: "refused by quotes.max_length: 43 characters, more than 40")
        refused.refusedBy = "max_length"
        let attempts: [FetchOutcome.Attempt] = [
            .init(SourceConfig(kind: .favqs, url: "http://127.0.0.1:9/favqs"), outcome: .failed, error: "HTTP 500"), refused,
            .init(SourceConfig(kind: .dummyjson, url: "http://127.0.0.1:9/dummy"), outcome: .accepted),
        ]
        var outcome = FetchOutcome(result: .fetched, elapsedMs: 7, attempts: attempts, at: 0)
        outcome.source = "dummyjson"
        outcome.quote = Quote(text: "Well done.", author: "Franklin")
        #expect(
            outcome.text
                == "fetched \"Well done.\" — Franklin (dummyjson, 7 ms; before it, zenquotes (127.0.0.1:9): "
                + "refused by quotes.max_length: 43 characters, more than 40)")
        outcome.attempts = [attempts[0], attempts[2]]
        #expect(outcome.text == "fetched \"Well done.\" — Franklin (dummyjson, 7 ms)")
    }
}

extension FetchOutcomeTests {
    @Test("In a language, the last refresh's words, its clauses and a source's place are translated; the source's own error is not")
    func translatedText() {
        let tr = Translator(
            languages: ["zh_CN"],
            lookup: .table([
                "fetched %1$s (%2$s, %3$s ms)": "已获取 %1$s（%2$s，%3$s 毫秒）", "failed (%1$s ms): %2$s": "失败（%1$s 毫秒）：%2$s",
                "; ": "；", " (%s)": "（%s）", "%1$s: %2$s": "%1$s：%2$s", "skipped, not tried before the deadline": "已跳过",
                "no sources": "没有来源",
            ]))
        var fetched = FetchOutcome(result: .fetched, elapsedMs: 7, attempts: [], at: 0)
        fetched.source = "file"
        fetched.quote = Quote(text: "Well done.", author: "")
        #expect(fetched.text(tr) == "已获取 \"Well done.\"（file，7 毫秒）")
        let failed = FetchOutcome(
            result: .failed, elapsedMs: 3,
            attempts: [
                .init(SourceConfig(kind: .fortune, path: "/q"), outcome: .failed, error: "/q does not exist"),
                .init(SourceConfig(kind: .zenquotes), outcome: .skipped),
            ], at: 0)
        #expect(failed.text(tr) == "失败（3 毫秒）：fortune（/q）：/q does not exist；zenquotes（zenquotes.io）：已跳过")
        #expect(FetchOutcome(result: .failed, elapsedMs: 1, attempts: [], at: 0).text(tr) == "失败（1 毫秒）：没有来源")
        #expect(failed.text == failed.text(.english))
    }
}
