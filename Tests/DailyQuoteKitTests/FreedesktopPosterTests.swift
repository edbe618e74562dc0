import Testing

@testable import DailyQuoteKit

@Suite("FreedesktopPoster")
struct FreedesktopPosterTests {
    @Test(
        "The server asked ahead is used only if it answered, and for 30 s: a failure, or answers from before a long presence wait, are asked again"
    )
    func askedAhead() {
        #expect(FreedesktopPoster.usable(nil) == nil)
        #expect(FreedesktopPoster.usable(.failure(.noServer)) == nil)
        let asked = ContinuousClock.now
        #expect(FreedesktopPoster.isFresh(askedAt: asked, now: asked + .seconds(29)))
        #expect(!FreedesktopPoster.isFresh(askedAt: asked, now: asked + .seconds(30)))
        #expect(!FreedesktopPoster.isFresh(askedAt: asked, now: asked + .seconds(3600)))
    }
}
