import Testing

@testable import DailyQuoteKit

@Suite("FreedesktopPoster")
struct FreedesktopPosterTests {
    @Test("A poster that does not ask first asks nothing before the post (no connection, no thread): the GNOME post finds out")
    func asksOnlyFirst() throws {
        let poster = FreedesktopPoster()
        #expect(!poster.asksFirst)
        #expect(try poster.ask(before: .after(seconds: 0)) == nil)
    }
}
