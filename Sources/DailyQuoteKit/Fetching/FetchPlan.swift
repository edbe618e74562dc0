/// What `refresh --dry-run` shows: the sources in order, the deadline and the cache file.
///
/// Header values are secrets: only their names are kept.
package struct FetchPlan: Sendable, Codable, Equatable {
    /// One source as it would be tried.
    package struct Source: Sendable, Codable, Equatable {
        /// The source's type (`zenquotes`, `fortune`, ...).
        package var source: String
        /// The host asked, with the port when the URL has one; network sources only.
        package var host: String?
        /// The file read; `fortune` and `file` sources only.
        package var path: String?
        /// The names of the headers sent, sorted; never their values.
        package var headers: [String]
        /// A fortune file's declared encoding; absent for UTF-8, the default.
        package var encoding: String?
        /// The environment variables its headers take that are not set, which skip the source.
        ///
        /// Absent when there are none.
        package var unsetVariables: [String]?
    }

    /// Always true: nothing was fetched or written.
    package var dryRun = true
    /// `refresh.timeout`, as the config writes durations (`20s`).
    package var timeout: String
    package var sources: [Source]
    /// The cache file a fetched quote would be written to.
    package var cache: String

    package init(config: Config, cachePath: String) {
        timeout = config.refresh.timeout.description
        cache = cachePath
        sources = config.sources.map { source in
            Source(
                source: source.name, host: source.host, path: source.host == nil ? source.path : nil,
                headers: source.headers.keys.sorted(), encoding: source.encoding,
                unsetVariables: source.unsetVariables.isEmpty ? nil : source.unsetVariables)
        }
        filters = Self.describe(config.quotes)
        urls = config.sources.map { $0.effectiveURL ?? $0.path ?? "" }
    }

    /// The full URL or path of each source, for the text form only.
    private var urls: [String] = []
    /// The `[quotes]` filters in words, for the text form only; nil when none is set.
    private var filters: String?

    /// `min_length 20, max_length 200, exclude_authors "A", "B"`, or nil.
    static func describe(_ quotes: QuotesConfig) -> String? {
        guard quotes.isActive else { return nil }
        var parts: [String] = []
        if let minimum = quotes.minLength { parts.append("min_length \(minimum)") }
        if let maximum = quotes.maxLength { parts.append("max_length \(maximum)") }
        if !quotes.excludeAuthors.isEmpty {
            parts.append("exclude_authors " + quotes.excludeAuthors.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        if let include = quotes.includeAuthors {
            parts.append("include_authors " + include.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    private enum CodingKeys: String, CodingKey {
        case dryRun, timeout, sources, cache
    }

    /// The text form: `would try, in order, within 20s:`, one numbered line per source (its URL,
    /// header names and encoding), the `[quotes]` filters if any, and the cache file.
    package var text: String {
        var lines = ["would try, in order, within \(timeout):"]
        for (index, source) in sources.enumerated() {
            let target = index < urls.count ? urls[index] : source.host ?? source.path ?? ""
            let headers = source.headers.isEmpty ? "" : " (headers: \(source.headers.joined(separator: ", ")))"
            let encoding = source.encoding.map { " (encoding: \($0))" } ?? ""
            let unset = source.unsetVariables.map { " (not asked: \($0.joined(separator: ", ")) not set)" } ?? ""
            lines.append("  \(index + 1). \(source.source) \(target)\(headers)\(encoding)\(unset)")
        }
        if let filters { lines.append("keeping only quotes that pass [quotes]: \(filters)") }
        lines.append("and cache the quote in \(cache)")
        return lines.joined(separator: "\n")
    }
}
