import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem

@Suite("TerminalWidth")
struct TerminalWidthTests {
    @Test(
        "Columns: CJK and emoji take two, combining marks none, the rest one",
        arguments: [("status:", 7), ("状态：", 6), ("下次投递：", 10), ("Zitat", 5), ("e\u{301}", 1), ("🙂", 2), ("", 0)] as [(String, Int)])
    func columns(text: String, width: Int) {
        #expect(TerminalWidth.of(text) == width)
    }

    @Test("Padding fills to the same column whatever the script")
    func padded() {
        #expect(TerminalWidth.padded("状态：", to: 10) == "状态：    ")
        #expect(TerminalWidth.padded("next:", to: 10) == "next:     ")
        #expect(TerminalWidth.padded("much too wide", to: 4) == "much too wide")
    }
}
