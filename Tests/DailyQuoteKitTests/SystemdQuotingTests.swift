import Testing

@testable import DailyQuoteKit

@Suite("SystemdQuoting")
struct SystemdQuotingTests {
    @Test(
        "Plain paths stay bare; specifiers and variables are doubled; spaces and quotes are quoted",
        arguments: [
            ("/usr/bin/dailyquote", "/usr/bin/dailyquote"),
            ("/home/a b/dq", "\"/home/a b/dq\""),
            ("/x/100%/$HOME", "/x/100%%/$$HOME"),
            ("/x/\"q\"\\", "\"/x/\\\"q\\\"\\\\\""),
            ("/x/semi;colon", "\"/x/semi;colon\""),
        ])
    func quoting(word: String, expected: String) {
        #expect(SystemdQuoting.quote(word) == expected)
    }
}
