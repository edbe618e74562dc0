/// The target of a GNOME notification's buttons: names the delivery the notification shows by
/// its history entry's posting time, so that the action service acts on that quote.
///
/// Its text is `posted@UNIX_SECONDS` (`posted@1764000000`).
package struct GnomeButtonTarget: Sendable, Equatable {
    /// When the quote was posted (Unix seconds): its history entry's `postedAt`.
    package var postedAt: Int64

    package init(postedAt: Int64) {
        self.postedAt = postedAt
    }

    static let prefix = "posted@"

    /// The target as sent in the button (a string).
    package var text: String { Self.prefix + String(postedAt) }

    /// Reads a target's text, exactly as ``text`` writes it (digits only: no sign, no leading
    /// zero, no space); nil for anything else.
    package init?(text: String) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let digits = text.utf8.dropFirst(Self.prefix.utf8.count)
        guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            digits.count == 1 || digits.first != UInt8(ascii: "0"), let postedAt = Int64(text.dropFirst(Self.prefix.count))
        else { return nil }
        self.postedAt = postedAt
    }
}
