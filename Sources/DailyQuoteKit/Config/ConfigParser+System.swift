import FoundationEssentials
import TOMLKit

/// A configuration read from several files, with the origin of every value.
package struct LayeredConfig: Sendable, Equatable {
    package var config: Config
    /// For each known key (`delivery.hour`, and `source` for the whole list), where its value came from.
    package var origins: [String: ConfigValueOrigin]
}

extension ConfigParser {
    /// Parses and validates `text`, the contents of the file at `file`, as the only file.
    package func parse(_ text: String, file: String) throws(ConfigError) -> Config {
        try parse(layers: [ConfigLayer(kind: .user, path: file, text: text)]).config
    }

    /// Parses a stack of config files, least important first (system files, then the user's).
    ///
    /// A later file overrides an earlier one key by key inside each table; a `[[source]]` list
    /// replaces the earlier list whole. `delivery.times` and `delivery.hour`/`minute` are one
    /// setting: a file that sets either drops the other from the files below it. Errors name
    /// the file (and line) the offending value came from.
    package func parse(layers: [ConfigLayer]) throws(ConfigError) -> LayeredConfig {
        var tables: [TOMLTable] = []
        for layer in layers {
            // The files as written: the merged text that parseMerged reads is toml++'s own.
            if let escaped = ConfigControlCharacters.firstEscapedNUL(in: layer.text) {
                throw ConfigError(
                    .invalidTOML, file: layer.path, line: escaped.line, key: TOMLKeyLocator(text: layer.text).key(onLine: escaped.line),
                    detail: "control character U+0000 (NUL) written as an escape at column \(escaped.column); a string would end there")
            }
            tables.append(try Self.syntaxTable(layer.text, file: layer.path))
        }
        let locators = layers.map { TOMLKeyLocator(text: $0.text) }

        // Top-level values that are not tables, and the entries of each table, with their layer.
        var values: [String: (value: TOMLValueConvertible, layer: Int)] = [:]
        var entries: [String: [String: (value: TOMLValueConvertible, layer: Int)]] = [:]
        var tableLayer: [String: Int] = [:]
        for (index, table) in tables.enumerated() {
            for key in table.keys {
                guard let value = table[key] else { continue }
                guard let subtable = value.table else {
                    entries[key] = nil
                    values[key] = (value, index)
                    continue
                }
                values[key] = nil
                var merged = entries[key] ?? [:]
                if key == "delivery" {
                    let keys = subtable.keys
                    if keys.contains("times") {
                        merged["hour"] = nil
                        merged["minute"] = nil
                    }
                    if keys.contains("hour") || keys.contains("minute") { merged["times"] = nil }
                }
                for entry in subtable.keys { merged[entry] = subtable[entry].map { ($0, index) } }
                entries[key] = merged
                tableLayer[key] = index
            }
        }

        // `delivery.enabled` is read here, so that `[delivery]` with only `enabled = false` is complete.
        var enabled = true
        var enabledLayer: Int?
        if let entry = entries["delivery"]?["enabled"] {
            guard let flag = entry.value.bool else {
                let key = "delivery.enabled"
                throw ConfigError(
                    .wrongType, file: layers[entry.layer].path,
                    line: locators[entry.layer].line(of: key) ?? locators[entry.layer].line(of: "delivery"), key: key,
                    detail: "expected true or false, found \(TOMLTableReader.describe(entry.value))")
            }
            enabled = flag
            enabledLayer = entry.layer
            entries["delivery"]?["enabled"] = nil
            if entries["delivery"]?.isEmpty == true { entries["delivery"] = nil }
        }

        let merged = TOMLTable()
        for (key, entry) in values { merged[key] = entry.value }
        for (key, table) in entries {
            let subtable = TOMLTable()
            for (name, entry) in table { subtable[name] = entry.value }
            merged[key] = subtable
        }

        var config: Config
        do {
            config = try parseMerged(merged.convert(to: .toml), file: layers.last?.path ?? "")
        } catch {
            throw Self.relocate(error, layers: layers, locators: locators, entries: entries, values: values, tableLayer: tableLayer)
        }
        config.delivery.enabled = enabled

        var origins: [String: ConfigValueOrigin] = [:]
        func origin(_ layer: Int?) -> ConfigValueOrigin {
            guard let layer else { return .builtIn }
            return ConfigValueOrigin(from: layers[layer].kind.rawValue, file: layers[layer].path)
        }
        for (table, keys) in Self.knownKeys where !table.isEmpty && table != "source" {
            for key in keys {
                origins["\(table).\(key)"] = origin(entries[table]?[key]?.layer)
            }
        }
        origins["delivery.enabled"] = origin(enabledLayer)
        origins["source"] = origin(values["source"]?.layer)
        return LayeredConfig(config: config, origins: origins)
    }

    /// Moves an error found in the merged text to the file and line the offending value came from.
    private static func relocate(
        _ error: ConfigError, layers: [ConfigLayer], locators: [TOMLKeyLocator],
        entries: [String: [String: (value: TOMLValueConvertible, layer: Int)]],
        values: [String: (value: TOMLValueConvertible, layer: Int)], tableLayer: [String: Int]
    ) -> ConfigError {
        var relocated = error
        let fallback = layers.count - 1
        guard let key = error.key, fallback >= 0 else {
            relocated.line = nil
            return relocated
        }
        let top = String(key.prefix { $0 != "." && $0 != "[" })
        let components = key.split(separator: ".", maxSplits: 1)
        var layer: Int
        if components.count == 2, let entry = entries[top]?[String(components[1].prefix { $0 != "." })] {
            layer = entry.layer
        } else if let entry = values[top] {
            layer = entry.layer
        } else {
            layer = tableLayer[top] ?? fallback
        }
        layer = min(layer, fallback)
        relocated.file = layers[layer].path
        // The key's own line, else the line of the nearest table around it.
        var path = Substring(key)
        relocated.line = nil
        while !path.isEmpty {
            if let line = locators[layer].line(of: String(path)) {
                relocated.line = line
                break
            }
            guard let dot = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = path[..<dot]
        }
        return relocated
    }

    /// The TOML table of `text`, or the first problem that stops it being TOML at all.
    static func syntaxTable(_ text: String, file: String) throws(ConfigError) -> TOMLTable {
        if let control = ConfigControlCharacters.first(in: text) {
            throw ConfigError(
                .invalidTOML, file: file, line: control.line, key: TOMLKeyLocator(text: text).key(onLine: control.line),
                detail: "invalid TOML: control character \(ConfigControlCharacters.describe(control.scalar)) at column \(control.column); "
                    + "only tab, line feed and carriage return may appear (is the file damaged?)")
        }
        if let problem = TOMLAbortGuard.firstProblem(in: text) {
            throw ConfigError(.invalidTOML, file: file, line: problem.line, detail: "invalid TOML: \(problem.reason)")
        }
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let position = error.source.begin
            throw ConfigError(
                .invalidTOML, file: file, line: position.line > 0 ? position.line : nil,
                detail: "invalid TOML: \(error.description) (column \(position.column))")
        } catch {
            throw ConfigError(.invalidTOML, file: file, detail: "invalid TOML")
        }
    }
}
