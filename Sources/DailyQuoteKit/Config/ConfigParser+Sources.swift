import FoundationEssentials
import TOMLKit

extension ConfigParser {
    /// Parses the `[[source]]` list; an empty one (`source = []`) is an error, not "no sources".
    func parseSources(_ root: TOMLTableReader) throws(ConfigError) -> [SourceConfig]? {
        guard let tables = try root.tables("source") else { return nil }
        guard !tables.isEmpty else {
            throw root.error(
                .invalidValue, "source", "the source list is empty; remove the key for the default source, or add [[source]] tables")
        }
        return try tables.map(parseSource)
    }

    /// Parses one `[[source]]` table.
    func parseSource(_ table: TOMLTableReader) throws(ConfigError) -> SourceConfig {
        try table.rejectUnknownKeys(known: Table.source.knownKeys)
        let kinds = SourceConfig.Kind.allCases.map(\.rawValue)
        guard let typeName = try table.string("type", expecting: "one of \(kinds.joined(separator: ", "))") else {
            throw ConfigError(
                .missingKey, file: table.file, line: table.locator.line(of: table.path), key: table.keyPath("type"),
                detail: "every [[source]] needs a type (\(kinds.joined(separator: ", ")))")
        }
        guard let kind = SourceConfig.Kind(rawValue: typeName.lowercased()) else {
            throw table.error(
                .invalidValue, "type", "unknown source type \"\(typeName)\"" + ClosestMatch.question(for: typeName, in: kinds))
        }
        var source = SourceConfig(kind: kind)
        if let url = try table.string("url", expecting: "an http or https URL") {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
                throw table.error(.invalidValue, "url", "\"\(url)\" is not an http or https URL")
            }
            source.url = url
        }
        if let endpoint = try table.string("endpoint", expecting: "\"today\" or \"random\"") {
            guard kind.takesEndpoint, ["today", "random"].contains(endpoint) else {
                throw table.error(.invalidValue, "endpoint", "only zenquotes has an endpoint, \"today\" or \"random\"")
            }
            source.endpoint = endpoint
        }
        // Two calls, not a loop over key paths: a list of (name, key path) pairs cost 0.09 million
        // instructions of metadata and key path instantiation at every start with a [[source]].
        func pointer(_ key: String) throws(ConfigError) -> String? {
            guard let pointer = try table.string(key, expecting: "a JSON Pointer such as \"/quote\"") else { return nil }
            guard JSONPointer(pointer) != nil else {
                throw table.error(.invalidValue, key, "\"\(pointer)\" is not a JSON Pointer (RFC 6901: empty, or starting with /)")
            }
            return pointer
        }
        if let text = try pointer("text") { source.textPointer = text }
        if let author = try pointer("author") { source.authorPointer = author }
        if let format = try table.string("format", expecting: "\"text\" or \"html\"") {
            guard kind.takesFormat else {
                throw table.error(
                    .invalidValue, "format", "only json sources have a format; \(kind.rawValue) text is always plain text")
            }
            guard let parsed = SourceConfig.Format(rawValue: format) else {
                throw table.error(.invalidValue, "format", "\"\(format)\" is not a format; use \"text\" (the default) or \"html\"")
            }
            source.format = parsed
        }
        (source.headers, source.headerVariables, source.unsetVariables) = try headers(table)
        source.encoding = try parseEncoding(table, kind: kind)
        if let path = try table.string("path", expecting: "an absolute file path") {
            source.path = try absolutePath(path, in: table)
        }
        try requireFields(of: source, table)
        return source
    }

    /// The `headers` inline table, with `${VAR}` replaced from the environment; the variables
    /// named, and those of them that are not set.
    ///
    /// A variable that is not set is no config error: the headers are a secret the fetch stage
    /// needs, not the plan, so the source fails at fetch time (``SourceConfig/unsetVariables``)
    /// and everything else (the timers the generator writes, the delivery) goes on.
    private func headers(_ table: TOMLTableReader) throws(ConfigError) -> (
        headers: [String: String], variables: [String], unset: [String]
    ) {
        guard let headerTable = try table.table("headers") else { return ([:], [], []) }
        var headers: [String: String] = [:]
        var variables: [String] = []
        var unset: [String] = []
        for key in headerTable.table.keys.sorted() {
            guard let value = try headerTable.string(key, expecting: "a string") else { continue }
            // A name with a colon, blank or line break would make another header, or a broken one.
            guard !key.isEmpty, key.utf8.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: ":") }) else {
                throw headerTable.error(.invalidValue, key, "not a header name (printable ASCII without blanks or colons)")
            }
            let (expanded, named) = try expand(value, key: key, in: headerTable)
            for name in named where !variables.contains(name) {
                variables.append(name)
                if (environment[name] ?? "").isEmpty { unset.append(name) }
            }
            // Checked after ${VAR} expansion; the value may be a secret, so it is never shown.
            // Bytes, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
            guard !expanded.utf8.contains(where: { $0 == 13 || $0 == 10 }) else {
                let origin = value.contains("${") ? " (after ${…} expansion)" : ""
                throw headerTable.error(.invalidValue, key, "the value contains a line break\(origin); a header value is one line")
            }
            headers[key] = expanded
        }
        return (headers, variables, unset)
    }

    /// `path` with `~`, `~/`, `$HOME` or `${HOME}` at its start replaced by the home directory; it must
    /// then be absolute, since the fetch stage runs from any directory.
    private func absolutePath(_ path: String, in table: TOMLTableReader) throws(ConfigError) -> String {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? AppPaths.accountHome()
        var expanded = path
        for prefix in ["~", "${HOME}", "$HOME"] where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            // `~user` and `$HOMEDIR` are not this prefix.
            guard rest.isEmpty || rest.hasPrefix("/") else { continue }
            expanded = (home.hasSuffix("/") && !rest.isEmpty ? String(home.dropLast()) : home) + rest
            break
        }
        guard !expanded.isEmpty else { throw table.error(.invalidValue, "path", "the path is empty") }
        guard expanded.hasPrefix("/") else {
            let hint = path.hasPrefix("~") || path.hasPrefix("$") ? " (only ~, ~/, $HOME and ${HOME} are expanded, at the start)" : ""
            throw table.error(
                .invalidValue, "path", "\"\(path)\" is a relative path\(hint); write an absolute path, or start it with ~/")
        }
        return expanded
    }

    /// `value` with every `${NAME}` replaced, and the names; a variable that is not set (or is
    /// empty) stands for nothing.
    private func expand(_ value: String, key: String, in table: TOMLTableReader) throws(ConfigError) -> (String, [String]) {
        var result = ""
        var names: [String] = []
        var rest = Substring(value)
        while let open = rest.firstRange(of: "${") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                throw table.error(.invalidValue, key, "unterminated ${ in the value")
            }
            let name = String(rest[open.upperBound..<close])
            guard !name.isEmpty else { throw table.error(.invalidValue, key, "${} names no environment variable") }
            names.append(name)
            result += environment[name] ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return (result + rest, names)
    }

    /// Each kind's required keys.
    private func requireFields(of source: SourceConfig, _ table: TOMLTableReader) throws(ConfigError) {
        switch source.kind {
        case .json:
            guard source.url != nil else { throw missing("url", "a json source needs a url", table) }
            guard source.textPointer != nil else { throw missing("text", "a json source needs a text pointer such as \"/quote\"", table) }
        case .fortune, .file:
            guard source.path != nil else { throw missing("path", "a \(source.kind.rawValue) source needs a path", table) }
        case .apiNinjas:
            guard source.headers.keys.contains(where: { $0.lowercased() == "x-api-key" }) else {
                throw missing("headers", "api-ninjas needs headers = { \"X-Api-Key\" = \"${API_NINJAS_KEY}\" }", table)
            }
        case .zenquotes, .dummyjson, .favqs:
            break
        }
    }

    private func missing(_ key: String, _ detail: String, _ table: TOMLTableReader) -> ConfigError {
        ConfigError(.missingKey, file: table.file, line: table.locator.line(of: table.path), key: table.keyPath(key), detail: detail)
    }
}
