import Testing

@testable import DailyQuoteKit

@Suite("TOMLKeyLocator")
struct TOMLKeyLocatorTests {
    @Test("Finds tables, keys under tables, dotted and quoted keys")
    func locates() {
        let locator = TOMLKeyLocator(
            text: """
                # comment = not a key
                top = 1
                [delivery]
                  hour = 8
                "minute" = 5
                [ refresh ]
                lead="45m"
                delivery.extra = 1
                """)
        #expect(locator.line(of: "top") == 2)
        #expect(locator.line(of: "delivery") == 3)
        #expect(locator.line(of: "delivery.hour") == 4)
        #expect(locator.line(of: "delivery.minute") == 5)
        #expect(locator.line(of: "refresh") == 6)
        #expect(locator.line(of: "refresh.lead") == 7)
        #expect(locator.line(of: "refresh.delivery.extra") == 8)
        #expect(locator.line(of: "comment") == nil)
        #expect(locator.line(of: "missing") == nil)
    }
}
