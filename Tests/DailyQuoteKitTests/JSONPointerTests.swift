import Foundation
import Testing

@testable import DailyQuoteKit

@Suite("JSONPointer")
struct JSONPointerTests {
    let document: JSONValue

    init() throws {
        document = try #require(
            JSONValue(parsing: Data(#"{"quote":{"body":"b","a/b":1,"m~n":2},"list":[{"q":"first"},{"q":"second"}],"":3}"#.utf8)))
    }

    @Test("RFC 6901 examples: nested keys, array indices, escapes, the empty key")
    func resolves() throws {
        #expect(JSONPointer("/quote/body")?.resolve(in: document)?.string == "b")
        #expect(JSONPointer("/list/1/q")?.resolve(in: document)?.string == "second")
        #expect(JSONPointer("/quote/a~1b")?.resolve(in: document) == .number(1))
        #expect(JSONPointer("/quote/m~0n")?.resolve(in: document) == .number(2))
        #expect(JSONPointer("/")?.resolve(in: document) == .number(3))
        #expect(JSONPointer("")?.resolve(in: document) != nil)
        #expect(JSONPointer("/quote/a~1b")?.description == "/quote/a~1b")
    }

    @Test("Missing paths and malformed pointers give nil", arguments: ["/nope", "/list/2/q", "/list/01/q", "/list/-1", "/quote/body/x"])
    func missing(pointer: String) {
        #expect(JSONPointer(pointer)?.resolve(in: document) == nil)
    }

    @Test("Malformed pointers do not parse", arguments: ["quote", "/a~2b", "/a~"])
    func malformed(pointer: String) {
        #expect(JSONPointer(pointer) == nil)
    }
}
