import Foundation
import Testing

@testable import DailyQuoteKit

@Suite("JSONValue")
struct JSONValueTests {
    @Test("Any JSON text parses, bare scalars too; anything else does not")
    func parsing() {
        #expect(JSONValue(parsing: Data(#""just a string""#.utf8)) == .string("just a string"))
        #expect(JSONValue(parsing: Data("[true, null, -1.5e2]".utf8)) == .array([.bool(true), .null, .number(-150)]))
        #expect(JSONValue(parsing: Data(#"{"error_code": 21}"#.utf8)).flatMap { JSONPointer("/error_code")?.resolve(in: $0) }?.text == "21")
        #expect(JSONValue(parsing: Data("[1, 2".utf8)) == nil)
        // Nesting far past JSONDecoder's limit is refused, not a stack overflow.
        #expect(JSONValue(parsing: Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)) == nil)
    }

    @Test("Values read in messages as they were written")
    func text() {
        #expect(JSONValue.number(21).text == "21")
        #expect(JSONValue.number(2.5).text == "2.5")
        #expect(JSONValue.string("rate limited").text == "rate limited")
        #expect(JSONValue.null.text == "null")
    }
}
