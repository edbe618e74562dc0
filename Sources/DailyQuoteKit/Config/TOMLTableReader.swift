import TOMLKit

/// Reads typed values out of one TOML table and turns every mismatch into a ``ConfigError``
/// that names the file, the line, the key path, the value found and what is allowed.
///
/// TOMLKit's decoder reports a wrong type as a missing key, so the types are checked here.
struct TOMLTableReader {
    let table: TOMLTable
    /// The key path of this table (`delivery`), empty for the root.
    let path: String
    let file: String
    let locator: TOMLKeyLocator

    /// The full key path of `key` in this table.
    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A ``ConfigError`` about `key`, located where possible.
    func error(_ kind: ConfigError.Problem, _ key: String, _ detail: String) -> ConfigError {
        let fullPath = keyPath(key)
        return ConfigError(
            kind, file: file, line: locator.line(of: fullPath) ?? locator.line(of: path), key: fullPath, detail: detail)
    }

    /// Fails on the first key not in `known`, naming the closest known key.
    func rejectUnknownKeys(known: [String]) throws(ConfigError) {
        for key in table.keys.sorted() where !known.contains(key) {
            let hint = ClosestMatch.closest(to: key, in: known).map { "; the closest known key is \"\(keyPath($0))\"" } ?? ""
            throw error(.unknownKey, key, "unknown key\(hint)")
        }
    }

    /// The sub-table at `key`, if present.
    func table(_ key: String) throws(ConfigError) -> TOMLTableReader? {
        guard let value = table[key] else { return nil }
        guard let subtable = value.table else {
            throw error(.wrongType, key, "expected a table ([\(keyPath(key))]), found \(Self.describe(value))")
        }
        return TOMLTableReader(table: subtable, path: keyPath(key), file: file, locator: locator)
    }

    /// The array of tables at `key` (`[[source]]`), each named `key[N]` (1-based), if present.
    func tables(_ key: String) throws(ConfigError) -> [TOMLTableReader]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else {
            throw error(.wrongType, key, "expected an array of tables ([[\(keyPath(key))]]), found \(Self.describe(value))")
        }
        var readers: [TOMLTableReader] = []
        for (index, element) in array.enumerated() {
            guard let subtable = element.table else {
                throw error(
                    .wrongType, key, "expected an array of tables ([[\(keyPath(key))]]), found an element \(Self.describe(element))")
            }
            readers.append(TOMLTableReader(table: subtable, path: "\(keyPath(key))[\(index + 1)]", file: file, locator: locator))
        }
        return readers
    }

    /// An integer in `range`, if present.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let number = value.int else {
            throw error(.wrongType, key, "expected an integer \(range.lowerBound)-\(range.upperBound), found \(Self.describe(value))")
        }
        guard range.contains(number) else {
            throw error(.outOfRange, key, "\(number) is out of range; allowed \(range.lowerBound)-\(range.upperBound)")
        }
        return number
    }

    /// A string, if present.
    func string(_ key: String, expecting description: String) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else {
            throw error(.wrongType, key, "expected \(description), found \(Self.describe(value))")
        }
        return text
    }

    /// An array of strings, if present.
    func stringArray(_ key: String, expecting description: String) throws(ConfigError) -> [String]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else {
            throw error(.wrongType, key, "expected \(description), found \(Self.describe(value))")
        }
        var strings: [String] = []
        for element in array {
            guard let text = element.string else {
                throw error(.wrongType, key, "expected \(description), found an element \(Self.describe(element))")
            }
            strings.append(text)
        }
        return strings
    }

    /// A duration string in `range`, if present.
    func duration(_ key: String, in range: ClosedRange<ConfigDuration>) throws(ConfigError) -> ConfigDuration? {
        let allowed = "\(range.lowerBound) to \(range.upperBound)"
        let expected = "a duration string such as \"45m\" or \"1h30m\" (\(allowed))"
        guard let text = try string(key, expecting: expected) else { return nil }
        guard let duration = ConfigDuration(parsing: text) else {
            throw error(.invalidValue, key, "\"\(text)\" is not a duration; write Ns, Nm, Nh or a combination such as \"1h30m\", or \"0\"")
        }
        guard range.contains(duration) else {
            throw error(.outOfRange, key, "\"\(text)\" is out of range; allowed \(allowed)")
        }
        return duration
    }

    /// A value's TOML type and, for scalars, the value itself: `string "eight"`, `integer 25`.
    static func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "string \"" + (value.string ?? "") + "\""
        case .int: return "integer " + (value.int.map { String($0) } ?? "")
        case .double: return "float " + (value.double.map { String($0) } ?? "")
        case .bool: return "boolean " + (value.bool.map { String($0) } ?? "")
        case .array: return "an array"
        case .table: return "a table"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date-time"
        }
    }
}
