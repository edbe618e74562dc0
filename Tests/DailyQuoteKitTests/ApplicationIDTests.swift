import Testing

@testable import DailyQuoteKit

@Suite("ApplicationID")
struct ApplicationIDTests {
    @Test("dailyquote's id is a valid GApplication id, and names its files and object path")
    func dailyquote() {
        let id = ApplicationID.dailyquote
        #expect(id.rawValue == "io.github.dailyquote.DailyQuote")
        #expect(id.isValid)
        #expect(id.objectPath == "/io/github/dailyquote/DailyQuote")
        #expect(id.desktopFile == "io.github.dailyquote.DailyQuote.desktop")
        #expect(id.serviceFile == "io.github.dailyquote.DailyQuote.service")
    }

    @Test("The object path turns dots into slashes and dashes into underscores, as GLib and GNOME Shell do")
    func objectPath() {
        #expect(ApplicationID("org.example-app.My-Tool").objectPath == "/org/example_app/My_Tool")
    }

    @Test(
        "GApplication's rules: two elements at least, none empty or starting with a digit, ASCII letters, digits, _ and - only",
        arguments: [
            ("dailyquote", false), ("io.github.dailyquote.DailyQuote", true), ("a.b", true), ("a..b", false), (".a.b", false),
            ("a.b.", false), ("org.7zip.App", false), ("org.example.app-x_1", true), ("org.exämple.App", false), ("org.example.A B", false),
            (String(repeating: "a.", count: 128) + "b", false),
        ])
    func validity(id: String, valid: Bool) {
        #expect(ApplicationID(id).isValid == valid, "\(id)")
    }
}
