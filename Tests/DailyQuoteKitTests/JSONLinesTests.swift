import Foundation
import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("JSONLines")
struct JSONLinesTests {
    struct Sample: Codable, Equatable {
        var n: Int
    }

    @Test("Each non-empty line with its number from 1 and its bytes; lines that do not decode have no value")
    func lines() throws {
        let dir = TemporaryDirectory()
        let path = dir.url("sample.jsonl")
        #expect(JSONLines.read(Sample.self, at: path).isEmpty)
        try Data("{\"n\":1}\n\n{broken\n{\"n\":3}".utf8).write(to: URL(fileURLWithPath: path))
        let lines = JSONLines.read(Sample.self, at: path)
        #expect(lines.map(\.number) == [1, 3, 4])
        #expect(lines.map(\.value) == [Sample(n: 1), nil, Sample(n: 3)])
        #expect(lines[1].bytes == Data("{broken".utf8))
    }
}
