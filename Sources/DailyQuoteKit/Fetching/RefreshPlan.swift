/// What `refresh --dry-run` shows: the sources in order, the deadline and the cache file.
///
/// Header values are secrets: only their names are kept.
public struct RefreshPlan: Sendable, Codable, Equatable {
    /// One source as it would be tried.
    public struct Source: Sendable, Codable, Equatable {
        /// The source's type (`zenquotes`, `fortune`, ...).
        public var source: String
        /// The host asked, with the port when the URL has one; network sources only.
        public var host: String?
        /// The file read; `fortune` and `file` sources only.
        public var path: String?
        /// The names of the headers sent, sorted; never their values.
        public var headers: [String]
    }

    /// Always true: nothing was fetched or written.
    public var dryRun = true
    /// `refresh.timeout`, as the config writes durations (`20s`).
    public var timeout: String
    public var sources: [Source]
    /// The cache file a fetched quote would be written to.
    public var cache: String

    public init(config: Config, cachePath: String) {
        timeout = config.refresh.timeout.description
        cache = cachePath
        sources = config.sources.map { source in
            Source(
                source: source.name, host: source.host, path: source.host == nil ? source.path : nil,
                headers: source.headers.keys.sorted())
        }
        urls = config.sources.map { $0.effectiveURL ?? $0.path ?? "" }
    }

    /// The full URL or path of each source, for the text form only.
    private var urls: [String] = []

    private enum CodingKeys: String, CodingKey {
        case dryRun, timeout, sources, cache
    }

    /// The text form: `would try, in order, within 20s:`, one numbered line per source (its URL
    /// and header names), and the cache file.
    public var text: String {
        var lines = ["would try, in order, within \(timeout):"]
        for (index, source) in sources.enumerated() {
            let target = index < urls.count ? urls[index] : source.host ?? source.path ?? ""
            let headers = source.headers.isEmpty ? "" : " (headers: \(source.headers.joined(separator: ", ")))"
            lines.append("  \(index + 1). \(source.source) \(target)\(headers)")
        }
        lines.append("and cache the quote in \(cache)")
        return lines.joined(separator: "\n")
    }
}
