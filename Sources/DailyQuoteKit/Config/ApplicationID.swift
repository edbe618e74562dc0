/// dailyquote's application id: the name of its desktop entry, its D-Bus service and its icons,
/// and the `app_id` of its GNOME notifications.
///
/// `io.github.dailyquote.DailyQuote` follows the freedesktop and Flathub rules: reverse DNS of a
/// place the project would be hosted (GitHub's `io.github.OWNER` form), the application's name
/// last in CamelCase, only letters and dots, no element starting with a digit. It must never
/// change once released: GNOME stores notifications and settings under it.
package struct ApplicationID: Sendable, Equatable {
    package var rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The one application id of dailyquote.
    package static let dailyquote = ApplicationID("io.github.dailyquote.DailyQuote")

    /// The object path a GApplication with this id serves (`org.freedesktop.Application`):
    /// `/` then the id with `.` as `/` and `-` as `_`, as GLib and GNOME Shell derive it.
    package var objectPath: String {
        "/" + String(rawValue.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })
    }

    /// The desktop entry's file name (`ID.desktop`), which GNOME Shell must find for a
    /// notification posted under this id.
    package var desktopFile: String { rawValue + ".desktop" }

    /// The D-Bus session service file's name (`ID.service`, in a `dbus-1/services` directory).
    package var serviceFile: String { rawValue + ".service" }

    /// Whether this is a valid GApplication id (`g_application_id_is_valid`): at most 255
    /// characters, at least two non-empty elements separated by dots, each of ASCII letters,
    /// digits, `_` and `-`, none starting with a digit.
    package var isValid: Bool {
        guard rawValue.utf8.count <= 255 else { return false }
        let elements = rawValue.split(separator: ".", omittingEmptySubsequences: false)
        guard elements.count >= 2 else { return false }
        return elements.allSatisfy { element in
            guard let first = element.first, !first.isNumber else { return false }
            return element.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
    }
}
