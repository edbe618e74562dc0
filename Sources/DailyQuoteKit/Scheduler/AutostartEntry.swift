import FoundationEssentials

/// The XDG autostart entry that starts `dailyquote run` at login, and a user's override of it.
///
/// The package installs it system-wide (`/etc/xdg/autostart/dailyquote.desktop`). A user turns
/// it off with a copy of the same name in their own autostart directory that says
/// `Hidden=true`, as the XDG Autostart specification describes.
package struct AutostartEntry: Sendable, Equatable {
    /// The system-wide entries that exist, in `$XDG_CONFIG_DIRS` order.
    package var systemEntries: [String]
    /// `$XDG_CONFIG_HOME/autostart/dailyquote.desktop`.
    package var userEntry: String

    package static let fileName = AppPaths.autostartFileName

    /// Looks for the entries where `paths` says they may be (`$XDG_CONFIG_DIRS`, default
    /// `/etc/xdg`, and `$XDG_CONFIG_HOME`).
    package init(paths: AppPaths) {
        systemEntries = paths.systemAutostartEntries.filter { FileManager.default.fileExists(atPath: $0) }
        userEntry = paths.userAutostartEntry
    }

    /// Whether the user's own entry hides the system one.
    package var isHiddenForUser: Bool {
        guard let data = FileManager.default.contents(atPath: userEntry) else { return false }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").contains { line in
            line.replacing(" ", with: "").lowercased() == "hidden=true"
        }
    }

    /// The entry that will start `run` at the next login on a desktop without systemd, if any.
    package var activeEntry: String? {
        if isHiddenForUser { return nil }
        if FileManager.default.fileExists(atPath: userEntry) { return userEntry }
        return systemEntries.first
    }

    /// The shell command that turns the entry off for this user.
    package var hideCommand: String {
        let directory = String(userEntry.dropLast(Self.fileName.count + 1))
        return "mkdir -p '\(directory)' && printf '[Desktop Entry]\\nHidden=true\\n' > '\(userEntry)'"
    }
}
