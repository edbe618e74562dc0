import Testing

@testable import DailyQuoteKit

@Suite("DoctorCheck")
struct DoctorCheckTests {
    @Test("ok lines carry no fix; FAIL lines end with it")
    func lines() {
        #expect(DoctorCheck("config", ok: true, "valid", fix: "unused").line == "ok   config: valid")
        #expect(
            DoctorCheck("units", ok: false, "not installed", fix: "dailyquote install").line
                == "FAIL units: not installed — fix: dailyquote install")
    }
}
