import Testing

@testable import DailyQuoteKit

@Suite("ClosestMatch")
struct ClosestMatchTests {
    static let deliveryKeys = ["hour", "minute", "weekdays", "time_zone", "catch_up"]

    @Test(
        "Likely misspellings get a suggestion",
        arguments: [
            ("minit", deliveryKeys, "minute"), ("weekday", deliveryKeys, "weekdays"), ("timezone", deliveryKeys, "time_zone"),
            ("HOUR", deliveryKeys, "hour"), ("Europe/Berln", ["Europe/Berlin", "Europe/Bern", "CET"], "Europe/Berlin"),
            ("zenqoutes", ["zenquotes", "dummyjson", "favqs"], "zenquotes"), ("notfy", ["notify", "show", "run"], "notify"),
        ])
    func suggests(word: String, candidates: [String], expected: String) {
        #expect(ClosestMatch.closest(to: word, in: candidates) == expected)
    }

    @Test(
        "Far-off words get none, however short the candidates",
        arguments: [
            ("zone.tab", ["CET", "EET", "UTC", "Europe/Berlin"]), ("language", deliveryKeys),
            ("bogus", ["run", "show", "notify", "clear"]),
            ("x", ["hour"]),
        ])
    func noSuggestion(word: String, candidates: [String]) {
        #expect(ClosestMatch.closest(to: word, in: candidates) == nil)
    }

    @Test("The question ends the message: a suggestion, or nothing at all")
    func question() {
        #expect(ClosestMatch.question(for: "sav", in: ["copy", "save", "another"]) == "; did you mean \"save\"?")
        #expect(ClosestMatch.question(for: "bogus", in: ["copy", "save", "another"]).isEmpty)
    }
}
