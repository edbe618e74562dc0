import DailyQuoteKit
import Testing

@Suite("ExecutionMode")
struct ExecutionModeTests {
    @Test("A dry run reports the action and does not run it; a live run runs it")
    func gate() {
        var ran = 0
        var reports: [String] = []
        let dry = ExecutionMode.dryRun.perform("write the cache", report: { reports.append($0) }) { ran += 1; return 1 }
        #expect(dry == nil)
        #expect(ran == 0)
        #expect(reports == ["would write the cache"])
        let live = ExecutionMode.live.perform("write the cache", report: { reports.append($0) }) { ran += 1; return 2 }
        #expect(live == 2)
        #expect(ran == 1)
        #expect(reports.count == 1)
    }
}
