import Testing

@testable import DailyQuoteKit

@Suite("StringProtocol trimming")
struct StringProtocolTrimmingTests {
    @Test("White space and line breaks go from both ends, never from the middle")
    func whitespace() {
        #expect(" \t\r\n A  quote \n\u{00A0}\u{3000}".trimmingWhitespace() == "A  quote")
        #expect("\n \n".trimmingWhitespace() == "")
        #expect("".trimmingWhitespace() == "")
        #expect("line one\nline two".trimmingWhitespace() == "line one\nline two")
    }

    @Test("Spaces and tabs go; line breaks stay")
    func spaces() {
        #expect(" \t08:00 \t".trimmingSpaces() == "08:00")
        #expect("\n x \n".trimmingSpaces() == "\n x \n")
        #expect(Substring("  -- Seneca ").trimmingSpaces() == "-- Seneca")
    }
}
