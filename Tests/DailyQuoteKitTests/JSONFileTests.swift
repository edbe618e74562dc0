import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("JSONFile")
struct JSONFileTests {
    struct Sample: Codable, Sendable, Equatable {
        var name: String
    }

    @Test("Absent, corrupt (undecodable, or a value the check rejects) and valid files")
    func reads() throws {
        let dir = TemporaryDirectory()
        let path = dir.url("sample.json")
        #expect(JSONFile<Sample>(at: path) == .absent)
        try Data("{\"name\":".utf8).write(to: URL(fileURLWithPath: path))
        guard case .corrupt = JSONFile<Sample>(at: path) else {
            Issue.record("a truncated file was not corrupt")
            return
        }
        try Data("{\"name\":\"\"}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(JSONFile<Sample>(at: path) == .valid(Sample(name: "")))
        #expect(JSONFile<Sample>(at: path) { $0.name.isEmpty ? "empty name" : nil } == .corrupt("empty name"))
    }
}
