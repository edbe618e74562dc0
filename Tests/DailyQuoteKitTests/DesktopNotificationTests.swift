import Foundation
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

    @Test("The default title, the author line and the labels are in the translator's language; a configured title is used as written")
    func translated() throws {
        let tr = Translator(
            languages: ["de"], lookup: .table(["Quote of the Day": "Zitat des Tages", "— %s": "— %s (de)", "Save": "Speichern"]))
        var config = NotificationConfig()
        config.actions = [.save, .copy]
        let notification = DesktopNotification(quote: Quote(text: "Text.", author: "Ada"), config: config, tr: tr)
        #expect(notification.summary == "Zitat des Tages")
        #expect(notification.body == "Text.\n— Ada (de)")
        #expect(notification.actions.map { $0.map(notification.label) } == ["Speichern", "Copy"])
        // The translator travels with the notification (to the holder, as JSON).
        let decoded = try JSONDecoder().decode(DesktopNotification.self, from: JSONEncoder().encode(notification))
        #expect(decoded.label(.save) == "Speichern")
        // A hold request from a binary before translations has no translator: English.
        let old =
            #"{"appName":"dailyquote","summary":"S","body":"B","icon":"i","urgency":"normal","expireMilliseconds":-1,"desktopEntry":"d"}"#
        let decodedOld = try JSONDecoder().decode(DesktopNotification.self, from: Data(old.utf8))
        #expect(decodedOld.tr == .english && decodedOld.label(.copy) == "Copy")
        config.title = "Quote of the Day"
        #expect(DesktopNotification(quote: Quote(text: "T.", author: ""), config: config, tr: tr).summary == "Quote of the Day")
    }
}
