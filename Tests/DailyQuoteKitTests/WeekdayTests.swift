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

extension WeekdayTests {
    @Test("The rule's summary in a language: its days' names, its list separator and its `at`; English unchanged")
    func translatedSummary() {
        let tr = Translator(
            languages: ["zh_CN"],
            lookup: .table([
                "Mon": "周一", "Wed": "周三", "Fri": "周五", "Sat": "周六", "Sun": "周日", "every day": "每天", "%1$s, %2$s": "%1$s、%2$s",
                "%1$s at %2$s": "%1$s %2$s", "; ": "；",
            ]))
        #expect(WeekdaySet([.monday, .wednesday, .friday]).summary(tr) == "周一、周三、周五")
        #expect(WeekdaySet([.saturday, .sunday]).summary(tr) == "周六、周日")
        #expect(DeliveryRule(hour: 8, minute: 0).summary(tr) == "每天 08:00")
        #expect(DeliveryRule(hour: 7, minute: 30).summary(.english) == DeliveryRule(hour: 7, minute: 30).summary)
        let rules = [DeliveryRule(hour: 8, minute: 0), DeliveryRule(hour: 18, minute: 0)]
        #expect(DeliveryPlanner.summary(of: rules, tr) == "每天 08:00；每天 18:00")
        #expect(DeliveryPlanner.summary(of: rules, .english) == "every day at 08:00; every day at 18:00")
    }
}
