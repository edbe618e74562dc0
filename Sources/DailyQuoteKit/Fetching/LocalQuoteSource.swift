/// A source read without the network: a `fortune` or `file` source of the config (the
/// language's fortune file among them, where ``DefaultSources`` puts it).
///
/// Codable, so that a holder, which loads no config, is handed the local sources for Another.
package struct LocalQuoteSource: Sendable, Codable, Equatable {
    /// `fortune` or `file`.
    package var kind: SourceConfig.Kind
    package var path: String
    /// A fortune file's declared encoding; nil for UTF-8.
    package var encoding: String?

    package init(kind: SourceConfig.Kind, path: String, encoding: String? = nil) {
        self.kind = kind
        self.path = path
        self.encoding = encoding
    }

    /// The local sources of `sources`, in order.
    package static func all(in sources: [SourceConfig]) -> [LocalQuoteSource] {
        sources.compactMap { source in
            guard source.kind.readsFile, let path = source.path else { return nil }
            return LocalQuoteSource(kind: source.kind, path: path, encoding: source.encoding)
        }
    }

    /// The name a quote from it is recorded under (`fortune`, `file`), as for a fetched one.
    package var name: String { kind.rawValue }
}
