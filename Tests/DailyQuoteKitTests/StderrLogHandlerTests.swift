import Logging
import Synchronization
import Testing

@testable import DailyQuoteKit

@Suite("StderrLogHandler")
struct StderrLogHandlerTests {
    /// Logs through a handler that captures its lines.
    func capture(journal: Bool, level: Logger.Level = .info, _ body: (Logger) -> Void) -> [String] {
        let lines = Mutex<[String]>([])
        let logger = Logger(label: "test") { _ in
            StderrLogHandler(level: level, journalPrefix: journal) { line in lines.withLock { $0.append(line) } }
        }
        body(logger)
        return lines.withLock { $0 }
    }

    @Test("Under journald, each line carries its syslog priority")
    func journalPrefix() {
        let lines = capture(journal: true, level: .debug) { logger in
            logger.error("broken")
            logger.warning("careful")
            logger.info("fyi", metadata: ["source": "zenquotes"])
            logger.debug("detail")
        }
        #expect(
            lines == [
                "<3>dailyquote: error: broken\n", "<4>dailyquote: warning: careful\n",
                "<6>dailyquote: fyi source=zenquotes\n", "<7>dailyquote: debug: detail\n",
            ])
    }

    @Test("Outside journald there is no prefix, and the level filters")
    func plain() {
        let lines = capture(journal: false, level: .notice) { logger in
            logger.info("hidden")
            logger.error("two\nlines")
        }
        #expect(lines == ["dailyquote: error: two lines\n"])
    }
}
