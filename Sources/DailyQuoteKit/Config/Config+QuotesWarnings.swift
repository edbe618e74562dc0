extension Config {
    /// What `config check` warns about `[quotes]` but accepts: filters that no bundled quote passes.
    ///
    /// The bundled collection is the last resort when every source fails; it is then used
    /// unfiltered, with a warning, rather than posting nothing.
    package func quotesWarnings(bundled: [Quote] = BundledQuotes.all) -> [String] {
        guard quotes.isActive, !bundled.contains(where: { quotes.refusal(of: $0) == nil }) else { return [] }
        return [
            "quotes: none of the \(bundled.count) bundled quotes passes these filters; when every source fails, "
                + "the bundled collection is used without them"
        ]
    }
}
