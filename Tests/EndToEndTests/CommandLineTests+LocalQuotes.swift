import Foundation
import TestSupport
import Testing

/// Quotes chosen without the network: the language's fortune file (or a configured fortune or
/// quote file) before the bundled collection, a record over a limit replaced, flowing text.
extension CommandLineTests {
    /// `text` with its white space folded, for telling whether a flowing quote is a wrapped record.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(
        "LANG=de_DE.UTF-8, fortunes-de, no [[source]], no cached quote: notify --now posts a German fortune as flowing text on dunst, and show prints one"
    )
    func germanFortuneWithoutCache() throws {
        let path = "/usr/share/games/fortunes/de/zitate"
        try #require(FileManager.default.fileExists(atPath: path), "fortunes-de is not installed (scripts/install-deps test)")
        let zitate = Self.words(try String(contentsOfFile: path, encoding: .utf8))
        let sandbox = Sandbox()
        sandbox.extraEnvironment = TestLocales.environment(lang: "de_DE.UTF-8")
        try sandbox.home.write("config/dailyquote/config.toml", "[notification]\nactions = []\n")
        let report = try NotificationSession(sandbox: sandbox).run("notify-now-and-show.sh")
        #expect(report.calls.count == 1, "\(report.files["err"] ?? "") \(report.output)")
        #expect(report.historySummaries == ["Zitat des Tages"], "\(report.historySummaries)")
        // dunst's own record of what it showed: the fortune's text, its wrapped lines joined.
        let body = try #require(report.historyBodies.first, "dunst has no notification: \(report.output)")
        let text = String(body.split(separator: "\n— ").first ?? "")
        #expect(text.count > 5 && zitate.contains(Self.words(text)), "\(body) is not from de/zitate")
        let history = report.files["dq-history.jsonl"] ?? ""
        #expect(history.contains(#""source":"fortune""#), "\(history)")
        // notify's line is one line, whatever the quote.
        let out = report.files["out"] ?? ""
        #expect(out.hasPrefix("gesendet: \"") && out.filter { $0 == "\n" }.count == 1, "\(out)")
        let shown = report.files["show"] ?? ""
        let shownText = String(shown.split(separator: "\n— ").first ?? "")
        #expect(!shownText.isEmpty && zitate.contains(Self.words(shownText)), "\(shown)")
    }

    @Test(
        "refresh replaces a fortune record over the length limit by another pick: one short record among eleven too long ones is always cached"
    )
    func refreshReplacesTooLongRecord() throws {
        let sandbox = Sandbox()
        let long = String(repeating: "Ein Satz, der sich immer wieder wiederholt, bis er zu lang ist.\n", count: 25)
        let text = Array(repeating: long, count: 11).joined(separator: "%\n") + "%\nDas eine kurze Zitat.\n\t\t-- Jemand\n"
        let fortunes = try sandbox.home.write("zitate", text)
        let strfile = try ProcessRunner.run(
            "/usr/bin/env", ["strfile", fortunes, fortunes + ".dat"], environment: RepositoryPaths.environment())
        try #require(strfile.status == 0, "\(strfile.stderr)")
        let config = try sandbox.config("[[source]]\ntype = \"fortune\"\npath = \"\(fortunes)\"\n")
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: sandbox.home.url("cache/dailyquote/quote.json"))
            let refresh = try sandbox.run(["refresh", "--config", config])
            #expect(refresh.status == 0, "\(refresh.stdout) \(refresh.stderr)")
            let cached = try String(contentsOfFile: sandbox.home.url("cache/dailyquote/quote.json"), encoding: .utf8)
            #expect(cached.contains("Das eine kurze Zitat."), "\(cached)")
        }
    }
}
