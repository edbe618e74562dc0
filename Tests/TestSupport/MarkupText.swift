/// Pango markup as a server shows it: what the test compares a read-back body with.
public enum MarkupText {
    /// Markup text with its five entities resolved, as a markup parser reads it.
    public static func unescaped(_ markup: String) -> String {
        markup.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
            .replacing("&amp;", with: "&")
    }
}
