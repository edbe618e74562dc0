import FoundationEssentials

/// One `[[source]]` entry: where the fetch stage may get a quote.
package struct SourceConfig: Sendable, Equatable {
    /// The kinds of source: four presets for known APIs, any JSON API, and two local kinds.
    package enum Kind: String, Sendable, Codable, Equatable, CaseIterable {
        case zenquotes, dummyjson, favqs
        case apiNinjas = "api-ninjas"
        case json, fortune, file

        // Each property is one exhaustive switch: a new kind does not compile until it says.

        /// Whether the source reads a local file (`path`) rather than the network.
        package var readsFile: Bool {
            switch self {
            case .fortune, .file: true
            case .zenquotes, .dummyjson, .favqs, .apiNinjas, .json: false
            }
        }

        /// Whether the source's file is a fortune file (records between `%` lines, perhaps with
        /// `strfile`'s index beside it) rather than a quote file (JSON Lines or text).
        package var readsFortuneFile: Bool {
            switch self {
            case .fortune: true
            case .zenquotes, .dummyjson, .favqs, .apiNinjas, .json, .file: false
            }
        }

        /// Whether the source may name its file's character encoding (`encoding`).
        package var takesEncoding: Bool {
            switch self {
            case .fortune: true
            case .zenquotes, .dummyjson, .favqs, .apiNinjas, .json, .file: false
            }
        }

        /// Whether the source has an endpoint to choose (`endpoint`: ZenQuotes' `today` or `random`).
        package var takesEndpoint: Bool {
            switch self {
            case .zenquotes: true
            case .dummyjson, .favqs, .apiNinjas, .json, .fortune, .file: false
            }
        }

        /// Whether the source's text may be HTML (`format`), as only a JSON API of the person's choosing can be.
        package var takesFormat: Bool {
            switch self {
            case .json: true
            case .zenquotes, .dummyjson, .favqs, .apiNinjas, .fortune, .file: false
            }
        }
    }

    /// How a source's text is written: plain text (every preset, fortune and file sources, and
    /// json sources by default) or HTML (`format = "html"`, json sources only).
    package enum Format: String, Sendable, Codable, Equatable, CaseIterable {
        case text, html
    }

    package var kind: Kind
    /// The URL to fetch; for presets, a mirror or a local server instead of the default.
    package var url: String?
    /// ZenQuotes' endpoint, `today` or `random`.
    package var endpoint: String?
    /// JSON Pointers to the text and author, for `json` sources.
    package var textPointer: String?
    package var authorPointer: String?
    /// Request headers, with `${VAR}` already taken from the environment.
    ///
    /// Values are secrets: they are never logged or printed.
    package var headers: [String: String]
    /// The environment variables the header values take (`${NAME}`), in order, each once.
    package var headerVariables: [String] = []
    /// Those of ``headerVariables`` that were not set (or empty) when the config was loaded.
    ///
    /// The source cannot be asked without them: the fetch stage fails it
    /// (``FetchError/unsetVariables(_:)``) and the next source, or the bundled collection, serves.
    /// It is not a config error, since the headers are the fetch's business, not the plan's.
    package var unsetVariables: [String] = []
    /// The file of a `fortune` or `file` source: absolute, with `~` and `$HOME` expanded.
    package var path: String?
    /// How the text is written; only `json` sources can be `html`.
    package var format: Format
    /// The character encoding of a `fortune` file, as configured; nil means UTF-8.
    package var encoding: String?

    package init(
        kind: Kind, url: String? = nil, endpoint: String? = nil, textPointer: String? = nil, authorPointer: String? = nil,
        headers: [String: String] = [:], path: String? = nil, format: Format = .text, encoding: String? = nil
    ) {
        self.kind = kind
        self.url = url
        self.endpoint = endpoint
        self.textPointer = textPointer
        self.authorPointer = authorPointer
        self.headers = headers
        self.path = path
        self.format = format
        self.encoding = encoding
    }

    /// The source list when the config has no `[[source]]`: ZenQuotes' quote of the day.
    package static let defaults = [SourceConfig(kind: .zenquotes)]

    /// The URL that will be fetched: the configured one, or the preset's.
    package var effectiveURL: String? {
        if let url { return url }
        switch kind {
        case .zenquotes: return "https://zenquotes.io/api/\(endpoint ?? "today")"
        case .dummyjson: return "https://dummyjson.com/quotes/random"
        case .favqs: return "https://favqs.com/api/qotd"
        case .apiNinjas: return "https://api.api-ninjas.com/v1/quotes"
        case .json, .fortune, .file: return nil
        }
    }

    /// Whether asking again can give a different quote (a `random` endpoint or a local file).
    package var isRandom: Bool {
        switch kind {
        case .zenquotes: endpoint == "random"
        case .dummyjson, .apiNinjas, .fortune, .file: true
        case .favqs, .json: false
        }
    }

    /// A short name for output and history: the kind (`zenquotes`, `fortune`, ...).
    package var name: String { kind.rawValue }

    /// The host a network source asks, with the port when the URL has one (`127.0.0.1:8080`).
    ///
    /// Never the path, query or headers, which may hold secrets.
    package var host: String? {
        guard let address = effectiveURL, let url = URL(string: address), let host = url.host, !host.isEmpty else { return nil }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return url.port.map { "\(bracketed):\($0)" } ?? bracketed
    }

    /// Where the source reads: its host, or the path of a local file.
    package var location: String { host ?? path ?? "" }
}
