extension Quote {
    /// `"text…" — Author`, the text cut to 60 characters: how `notify` and `status` name a quote.
    ///
    /// `oneLine` (`notify`'s line) turns a verse's or a paragraph's line breaks into spaces;
    /// `status` keeps them, continuing under its value column.
    package func excerpt(_ tr: Translator = .english, oneLine: Bool = true) -> String {
        let flat = oneLine && text.contains(where: \.isNewline) ? text.split(whereSeparator: \.isNewline).joined(separator: " ") : text
        let cut = flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
        return "\"\(cut)\"" + (author.isEmpty ? "" : " " + tr("— %s", author))
    }
}
