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
    static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 255, !name.hasPrefix("/") else { return false }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_+-")
        return name.allSatisfy(allowed.contains) && !name.split(separator: "/").contains { $0.hasPrefix(".") }
            && !name.contains("//")
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
            if let range = resolved.firstRange(of: "zoneinfo/") {
                let name = String(resolved[range.upperBound...])
                if let rules = try? zone(named: name) { return rules }
            }
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
            let identifier = name.firstRange(of: "zoneinfo/").map { String(name[$0.upperBound...]) } ?? name
            return try? load(path: name, identifier: identifier)
        }
        if let rules = try? zone(named: name) { return rules }
        guard let rule = PosixTimeZoneRule(parsing: name) else { return nil }
        return ZoneRules(identifier: name, transitionTimes: [], transitionTypes: [], types: [rule.standard], footer: rule)
    }
}
