import Foundation
import Testing

@testable import DailyQuoteKit

@Suite("Error.message")
struct ErrorMessageTests {
    struct Described: LocalizedError {
        var errorDescription: String? { "a described failure" }
    }

    @Test("A LocalizedError gives its description")
    func localized() {
        #expect(Described().message == "a described failure")
    }

    @Test("A file error names the file and the system's reason")
    func fileError() {
        do {
            try FileManager.default.createDirectory(atPath: "/proc/no-such-process/x", withIntermediateDirectories: true)
            Issue.record("creating a directory in /proc succeeded")
        } catch {
            #expect(error.message == "/proc/no-such-process: No such file or directory", "\(error)")
        }
    }

    @Test("A JSON error gives the decoder's reason and where it happened")
    func decodingError() {
        struct State: Decodable { var count: Int }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(State.self, from: Data("{".utf8)) }
        do {
            _ = try JSONDecoder().decode([State].self, from: Data(#"[{"count": "x"}]"#.utf8))
        } catch {
            #expect(error.message.hasPrefix("0.count: "), "\(error.message)")
        }
        do {
            _ = try JSONDecoder().decode(State.self, from: Data("{}".utf8))
        } catch {
            #expect(error.message == "no count")
        }
    }
}
