import Glibc

/// The process's own state that the C library keeps: its environment, its locale categories,
/// its user, whether a standard stream is a terminal, and a short pause.
///
/// The one place outside the other System types that calls these C functions
/// (scripts/system-boundary holds the rest of the code to it).
package enum ProcessState {
    /// The process environment's value of `name` (not a copy taken at the start: what C sees now).
    package static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sets `name` in the process environment to `value`, or unsets it (nil); with `overwrite`
    /// false an existing value stays.
    package static func setEnvironment(_ name: String, _ value: String?, overwrite: Bool = true) {
        if let value { setenv(name, value, overwrite ? 1 : 0) } else { unsetenv(name) }
    }

    /// A locale category, as `setlocale` names it.
    package enum LocaleCategory: Sendable {
        case messages, characterType

        var raw: Int32 {
            switch self {
            case .messages: LC_MESSAGES
            case .characterType: LC_CTYPE
            }
        }

        var mask: Int32 {
            switch self {
            case .messages: LC_MESSAGES_MASK
            case .characterType: LC_CTYPE_MASK
            }
        }
    }

    /// Whether `locale` is installed on this machine for `category` (glibc's `newlocale`); the
    /// process's own locale is unchanged.
    package static func isInstalled(locale: String, for category: LocaleCategory) -> Bool {
        guard let handle = newlocale(category.mask, locale, nil) else { return false }
        freelocale(handle)
        return true
    }

    /// Sets `category` to `locale` ("" takes it from the environment) and returns the locale
    /// now in effect; nil when the locale is not installed (the category is then unchanged).
    @discardableResult
    package static func setLocale(_ category: LocaleCategory, _ locale: String) -> String? {
        setlocale(category.raw, locale).map { String(cString: $0) }
    }

    /// The character set of the process's `LC_CTYPE` (glibc's name: `UTF-8`, `ANSI_X3.4-1968`).
    package static var characterSet: String? {
        nl_langinfo(nl_item(CODESET)).map { String(cString: $0) }
    }

    /// The home directory of the process's user in the password database; nil if none.
    package static func accountHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir else {
            return nil
        }
        return String(cString: directory)
    }

    /// Whether standard input is a terminal (a person may be asked).
    package static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Sleeps for `microseconds`, for a poll of a condition that has no event to wait on.
    package static func pause(microseconds: UInt32) {
        usleep(microseconds)
    }
}
