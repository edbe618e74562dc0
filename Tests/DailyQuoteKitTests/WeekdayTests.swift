import Testing

@testable import DailyQuoteKit

@Suite("Weekday and WeekdaySet")
struct WeekdayTests {
    @Test("Short names parse in any case and nothing else does")
    func names() {
        #expect(Weekday(shortName: "mon") == .monday)
        #expect(Weekday(shortName: "SUN") == .sunday)
        #expect(Weekday(shortName: "monday") == nil)
        #expect(Weekday(shortName: "") == nil)
    }

    @Test(
        "Summaries compress runs of three or more days",
        arguments: [
            ([Weekday.monday, .tuesday, .wednesday, .thursday, .friday], "Mon-Fri"),
            ([.saturday, .sunday], "Sat, Sun"),
            ([.monday, .wednesday, .friday], "Mon, Wed, Fri"),
            ([.monday, .tuesday, .wednesday, .friday, .saturday, .sunday], "Mon-Wed, Fri-Sun"),
            (Weekday.allCases, "every day"),
        ])
    func summary(days: [Weekday], text: String) {
        #expect(WeekdaySet(days).summary == text)
    }
}
