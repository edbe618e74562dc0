import DailyQuoteSystem
import FoundationEssentials

/// Loads zone rules from the system's compiled tz database (`$TZDIR` or `/usr/share/zoneinfo`).
///
/// Reading the system's files, rather than ICU's private copy, keeps the planner in step with
/// systemd's `OnCalendar=` and with `date`, which read the same files.
package struct TimeZoneDatabase: Sendable {
    package var directory: String

    /// A database rooted at `$TZDIR` from `environment`, or `/usr/share/zoneinfo`.
    package init(environment: [String: String]) {
        let tzdir = environment["TZDIR"] ?? ""
        directory = tzdir.hasPrefix("/") ? tzdir : "/usr/share/zoneinfo"
    }

    package init(directory: String) {
        self.directory = directory
    }

    /// Why a zone could not be loaded.
    package enum LookupError: Error, Equatable {
        case invalidName
        case notFound
        case unreadable(String)
    }

    /// The rules for IANA zone `name` (`Europe/Berlin`).
    package func zone(named name: String) throws(LookupError) -> ZoneRules {
        guard Self.isPlausibleName(name) else { throw .invalidName }
        return try load(path: "\(directory)/\(name)", identifier: name)
    }

    /// Reads a TZif file at `path`.
    package func load(path: String, identifier: String) throws(LookupError) -> ZoneRules {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory,
            let data = FileManager.default.contents(atPath: path)
        else { throw .notFound }
        do {
            return try ZoneRules(tzif: data, identifier: identifier)
        } catch {
            throw .unreadable(error.message)
        }
    }

    /// Whether `name` looks like a zone name and cannot escape the database directory.
    ///
    /// ASCII letters, digits and `/_+-` only (so no part of it is `.` or `..`), no `//`, not
    /// absolute, at most 255 bytes. Checked byte by byte: it runs on every start.
    static func isPlausibleName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= 255, bytes.first != UInt8(ascii: "/") else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                break
            case UInt8(ascii: "/") where previous != UInt8(ascii: "/"):
                break
            default:
                return false
            }
            previous = byte
        }
        return true
    }

    /// What follows the first `zoneinfo/` in `path` (`/usr/share/zoneinfo/Europe/Berlin` →
    /// `Europe/Berlin`), or nil.
    ///
    /// Compared as bytes: the generic `firstRange(of:)` builds a table of Characters first, which
    /// cost a quarter of `notify`'s config and zone loading.
    static func nameAfterZoneinfo(in path: String) -> String? {
        let marker = Array("zoneinfo/".utf8)
        let bytes = Array(path.utf8)
        guard bytes.count >= marker.count else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start..<(start + marker.count)].elementsEqual(marker) {
            return String(decoding: bytes[(start + marker.count)...], as: UTF8.self)
        }
        return nil
    }

    /// Zone names under the database directory, for suggestions in error messages.
    package func knownZoneNames() -> [String] {
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: directory) else { return [] }
        var names: [String] = []
        for path in paths {
            let first = path.split(separator: "/").first.map(String.init) ?? path
            guard let firstCharacter = first.first, firstCharacter.isUppercase,
                !["posix", "right"].contains(first), !path.hasSuffix(".tab"), !path.hasSuffix(".zi")
            else { continue }
            names.append(path)
        }
        return names.sorted()
    }

    /// The system's zone: `TZ` if set, else the target of `/etc/localtime`, else `/etc/timezone`,
    /// else UTC.
    ///
    /// `localtime` and `timezoneFile` are parameters so that tests can point elsewhere.
    package func systemZone(
        environment: [String: String], localtime: String = "/etc/localtime", timezoneFile: String = "/etc/timezone"
    ) -> ZoneRules {
        if let tz = environment["TZ"] {
            return zone(fromTZVariable: tz) ?? .utc
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime) {
            let resolved = target.hasPrefix("/") ? target : "/etc/\(target)"
            if let name = Self.nameAfterZoneinfo(in: resolved), let rules = try? zone(named: name) { return rules }
            if let rules = try? load(path: resolved, identifier: "localtime") { return rules }
        }
        if let text = try? String(contentsOfFile: timezoneFile, encoding: .utf8),
            let rules = try? zone(named: text.trimmingWhitespace())
        {
            return rules
        }
        return (try? load(path: localtime, identifier: "localtime")) ?? .utc
    }

    /// Interprets a `TZ` value as glibc does: empty is UTC, `:NAME` or `NAME` is a zone file,
    /// an absolute path is a file, anything else a POSIX rule string.
    func zone(fromTZVariable value: String) -> ZoneRules? {
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if name.isEmpty { return .utc }
        if name.hasPrefix("/") {
            let identifier = Self.nameAfterZoneinfo(in: name) ?? name
            return try? load(path: name, identifier: identifier)
        }
        if let rules = try? zone(named: name) { return rules }
        guard let rule = PosixTimeZoneRule(parsing: name) else { return nil }
        return ZoneRules(identifier: name, transitionTimes: [], transitionTypes: [], types: [rule.standard], footer: rule)
    }
}

extension TimeZoneDatabase.LookupError: UserFacingError {
    package var kind: ErrorKind { .config }
    package var errorDescription: String? {
        switch self {
        case .invalidName, .notFound: "the configured time zone is not in the tz database"
        case .unreadable(let reason): "the configured time zone cannot be read: \(reason)"
        }
    }
}
