import Testing

@testable import DailyQuoteKit

@Suite("MarkupEscaper")
struct MarkupEscaperTests {
    @Test("Every markup character is escaped; other text passes unchanged")
    func escapes() {
        #expect(
            MarkupEscaper.escape(#"<a href="x">'hi'</a> & <img src=y>"#)
                == "&lt;a href=&quot;x&quot;&gt;&apos;hi&apos;&lt;/a&gt; &amp; &lt;img src=y&gt;")
        #expect(MarkupEscaper.escape("Plain — text, ünïcode ✓") == "Plain — text, ünïcode ✓")
        #expect(MarkupEscaper.escape("&amp;") == "&amp;amp;")
    }
}
