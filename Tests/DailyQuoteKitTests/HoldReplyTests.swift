import Foundation
import Testing

@testable import DailyQuoteKit

@Suite("Hold.Reply")
struct HoldReplyTests {
    @Test("The reply is one line of JSON, ended by its only newline, that reads back as itself")
    func line() throws {
        let server = NotificationServerInfo(
            name: "dunst", vendor: "knopwob", version: "1.9.0", specVersion: "1.2", capabilities: ["actions"])
        for reply in [
            Hold.Reply(server: server, id: 7, postedAt: 1_800_000_000, holding: true), .failed(.failed("two\nlines")),
        ] {
            let line = reply.line()
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(line.filter { $0 == UInt8(ascii: "\n") }.count == 1)
            #expect(try JSONDecoder().decode(Hold.Reply.self, from: line.dropLast()) == reply)
        }
    }
}
