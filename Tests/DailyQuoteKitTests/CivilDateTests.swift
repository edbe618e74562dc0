import Testing

@testable import DailyQuoteKit

@Suite("CivilDate")
struct CivilDateTests {
    @Test("Round trips through days since the epoch, across centuries and leap days")
    func roundTrip() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.isValid)
            #expect(date.daysSinceEpoch == days)
        }
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CivilDate(year: 2000, month: 2, day: 29).daysSinceEpoch == 11_016)
        #expect(CivilDate(daysSinceEpoch: -1) == CivilDate(year: 1969, month: 12, day: 31))
    }

    @Test("Weekdays and validity")
    func weekdays() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).weekday == .thursday)
        #expect(CivilDate(year: 2026, month: 11, day: 22).weekday == .sunday)
        #expect(CivilDate(year: 1969, month: 12, day: 29).weekday == .monday)
        #expect(!CivilDate(year: 2026, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 2028, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 2026, month: 3, day: 9).description == "2026-03-09")
    }
}
