import Testing

@testable import DailyQuoteKit

@Suite("DesktopNotification")
struct DesktopNotificationTests {
    @Test("The body is the quote, a newline and the author; the config sets the rest")
    func fromQuote() {
        var config = NotificationConfig()
        config.urgency = .low
        config.expire = .after(.seconds(30))
        let notification = DesktopNotification(quote: Quote(text: "Text.", author: "Author"), config: config)
        #expect(notification.body == "Text.\n— Author")
        #expect(notification.summary == "Quote of the Day")
        #expect(notification.urgency == .low)
        #expect(notification.expireMilliseconds == 30_000)
        #expect(DesktopNotification(quote: Quote(text: "Anonymous.", author: ""), config: config).body == "Anonymous.")
        #expect(NotificationExpiry(parsing: "never")?.milliseconds == 0)
        #expect(NotificationExpiry(parsing: "default")?.milliseconds == -1)
        #expect(NotificationExpiry(parsing: "soon") == nil)
    }
}
