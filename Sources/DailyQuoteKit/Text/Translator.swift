import CGettext
import DailyQuoteSystem

/// Text in the person's language: glibc's gettext over dailyquote's message catalogs.
///
/// Every string a person sees is written `tr("…")`, with `tr` a value of this type and the
/// message a string literal (a `StaticString`, so that `po/update-pot` finds every one);
/// `%s` (or `%1$s`, `%2$s` where a translation reorders them) stands for each argument.
///
/// The catalogs are glibc's process-wide state, bound once by ``start(environment:executable:)``
/// (`setlocale` and `bindtextdomain`); a value says which lookup to make and is passed to
/// where text is made. It is `Codable`, so that a notification carries its translator to the
/// holder process that re-posts it.
package struct Translator: Sendable, Equatable, Codable {
    /// The text domain: the catalogs are `LOCALEDIR/LL/LC_MESSAGES/dailyquote.mo`.
    package static let domain = "dailyquote"
    /// The variable that names the catalogs' directory instead of the one beside the binary
    /// (`<prefix>/share/locale`): for tests, and for running from a build tree.
    package static let directoryVariable = "DAILYQUOTE_LOCALEDIR"

    /// Where a translation comes from.
    package enum Lookup: Sendable, Equatable {
        /// None: the English text as written (the C and POSIX locales, tests).
        case english
        /// glibc's `dgettext` in ``Translator/domain``.
        case gettext
        /// A fixed table, for unit tests: messages missing from it stay English.
        case table([String: String])
    }

    /// The person's message languages, most preferred first (`de_DE`, `fr`), as gettext reads
    /// them; empty for English.
    package var languages: [String]
    package var lookup: Lookup

    package init(languages: [String], lookup: Lookup) {
        self.languages = languages
        self.lookup = lookup
    }

    /// English as written.
    package static let english = Translator(languages: [], lookup: .english)

    private enum CodingKeys: String, CodingKey {
        case languages, lookup, table
    }

    // By hand, and flat (`{"languages":["de"],"lookup":"gettext"}`, a table under `table`): the
    // synthesized coding of `Lookup`'s cases cost `notify` and its holder 0.9 million
    // instructions each, on the way to the holder's `Notify` call.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        languages = try container.decode([String].self, forKey: .languages)
        if let table = try container.decodeIfPresent([String: String].self, forKey: .table) {
            lookup = .table(table)
        } else {
            // Anything else (a request from an older binary, during an upgrade) reads as English.
            lookup = (try? container.decode(String.self, forKey: .lookup)) == "gettext" ? .gettext : .english
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(languages, forKey: .languages)
        switch lookup {
        case .english: try container.encode("english", forKey: .lookup)
        case .gettext: try container.encode("gettext", forKey: .lookup)
        case .table(let table):
            try container.encode("table", forKey: .lookup)
            try container.encode(table, forKey: .table)
        }
    }

    /// `message` in the person's language, its `%s` replaced by `arguments` in order (`%1$s`
    /// names one by its place, `%%` is a percent sign).
    package func callAsFunction(_ message: StaticString, _ arguments: String...) -> String {
        Self.format(translate(message.description), arguments)
    }

    /// `parts` as the clauses of one line, separated the way the language separates them
    /// (`a; b`; Chinese `a；b`).
    package func clauses(_ parts: [String]) -> String {
        let tr = self
        // TRANSLATORS: between the clauses of one line of status or doctor ("not installed; no scheduler"); keep the space after it if your language has one.
        return parts.joined(separator: tr("; "))
    }

    /// `items` as a list, separated the way the language separates them (`a, b`; Chinese `a、b`).
    package func list(_ items: [String]) -> String {
        guard var text = items.first else { return "" }
        let tr = self
        // TRANSLATORS: between two items of a list in status ("Copy, Save"; "Mon, Wed"); Chinese uses 、.
        for item in items.dropFirst() { text = tr("%1$s, %2$s", text, item) }
        return text
    }

    /// `value` in parentheses after what it explains, the way the language writes them
    /// (` (in 3h)`; Chinese `（3 小时后）`, full-width and without the space).
    package func parenthesized(_ value: String) -> String {
        let tr = self
        // TRANSLATORS: a note in parentheses after a value in status and doctor (" (in 3h 5m)"); keep the leading space if your language has one.
        return tr(" (%s)", value)
    }

    /// `message` translated, placeholders untouched.
    func translate(_ message: String) -> String {
        switch lookup {
        case .english:
            return message
        case .table(let table):
            return table[message] ?? message
        case .gettext:
            // Without a translation dgettext returns its argument, which lives only inside this closure.
            return message.withCString { id in
                guard let translated = dgettext(Self.domain, id), translated != UnsafeMutablePointer(mutating: id) else { return message }
                return String(cString: translated)
            }
        }
    }

    /// `template` with `%s`, `%N$s` and `%%` filled in from `arguments`.
    static func format(_ template: String, _ arguments: [String]) -> String {
        guard template.contains("%") else { return template }
        var result = ""
        var next = 0
        var characters = template[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                characters = rest.dropFirst()
                continue
            }
            var index = next
            let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "$", let place = Int(digits) {
                index = place - 1
                rest = rest.dropFirst(digits.count + 1)
            } else {
                next += 1
            }
            guard rest.first == "s" else {
                result += "%"
                characters = characters[characters.index(after: percent)...]
                continue
            }
            result += arguments.indices.contains(index) ? arguments[index] : ""
            characters = rest.dropFirst()
        }
        return result + characters
    }

    /// Sets the messages locale from the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`), binds
    /// the catalogs and returns the translator for the process.
    ///
    /// Only `LC_MESSAGES` and `LC_CTYPE` are set (not `LC_ALL`): numbers and times stay in the C
    /// locale for every library in the process (toml++'s number parsing among them). glibc reads
    /// `LANGUAGE` only when that locale is not C, so `LANG=C` is English whatever `LANGUAGE`
    /// says, as in every gettext program. `LC_CTYPE` is the character set glibc's and GLib's own
    /// translated texts (`strerror`, GIO's errors) are converted to; see ``startCharacterType(messagesLocale:)``.
    package static func start(environment: [String: String], executable: String?) -> Translator {
        let locale = ProcessState.setLocale(.messages, "") ?? "C"
        startCharacterType(messagesLocale: locale)
        let languages = Self.languages(messagesLocale: locale, language: environment["LANGUAGE"])
        guard !languages.isEmpty else { return .english }
        if let directory = Self.catalogDirectory(environment: environment, executable: executable) {
            bindtextdomain(domain, directory)
        }
        bind_textdomain_codeset(domain, "UTF-8")
        return Translator(languages: languages, lookup: .gettext)
    }

    /// Sets `LC_CTYPE` so that glibc's own texts arrive in UTF-8, the only encoding dailyquote writes.
    ///
    /// Under the C character type glibc converts a translated `strerror` to ASCII (`无法连接：
    /// ?????????`, `Connexion refus?e`), and GLib, told the same, does so too. The
    /// environment's character type is taken when it is UTF-8; under a messages language any
    /// other (`LC_ALL=C`'s ASCII beside `LC_MESSAGES=fr_FR.UTF-8`, a Latin-1 locale) gives way to
    /// `C.UTF-8`. Under the C or POSIX messages locale the texts are English, and nothing
    /// changes. The character type decides nothing else that dailyquote prints: quote text is
    /// read and written as bytes, widths are ``TerminalWidth``'s.
    package static func startCharacterType(messagesLocale: String) {
        ProcessState.setLocale(.characterType, "")
        guard messagesLocale != "C", messagesLocale != "POSIX", !characterTypeIsUTF8 else { return }
        ProcessState.setLocale(.characterType, "C.UTF-8")
    }

    /// Whether the process's `LC_CTYPE` is UTF-8 (glibc names it `UTF-8`).
    package static var characterTypeIsUTF8: Bool {
        ProcessState.characterSet == "UTF-8"
    }

    /// The catalogs' directory: `DAILYQUOTE_LOCALEDIR`, else `share/locale` beside the
    /// binary's `bin/` (`/usr/bin/dailyquote` → `/usr/share/locale`), so that an install under
    /// any prefix finds its own.
    package static func catalogDirectory(environment: [String: String], executable: String?) -> String? {
        if let directory = environment[directoryVariable], !directory.isEmpty { return directory }
        guard let executable, executable.hasPrefix("/") else { return nil }
        let bin = PathName.directory(of: executable)
        return "\(PathName.directory(of: bin))/share/locale"
    }

    /// The languages gettext tries for a messages locale and `LANGUAGE`.
    ///
    /// The locale is `setlocale(LC_MESSAGES, NULL)`'s. None for C and POSIX (English;
    /// `LANGUAGE` is then ignored, as glibc does; `C.UTF-8` is neither, so `LANG=C.UTF-8
    /// LANGUAGE=fr` is French), else `LANGUAGE`'s entries, else the locale's language.
    /// Codesets are dropped (`de_DE.UTF-8` → `de_DE`); the list ends at the first English
    /// entry, which needs no catalog.
    package static func languages(messagesLocale: String, language: String?) -> [String] {
        let locale = messagesLocale
        // glibc turns `LANGUAGE` off for exactly these two names: under `C.UTF-8` it is read.
        guard !locale.isEmpty, locale != "C", locale != "POSIX" else { return [] }
        let listed = (language ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        var languages: [String] = []
        for entry in listed.isEmpty ? [locale] : listed {
            let name = Self.stripCodeset(entry)
            if name == "C" || name == "POSIX" || Self.baseLanguage(of: name) == "en" { break }
            if !languages.contains(name) { languages.append(name) }
        }
        return languages
    }

    /// `ll` of `ll_CC@modifier`.
    package static func baseLanguage(of name: String) -> String {
        String(name.prefix { $0 != "_" && $0 != "@" && $0 != "." })
    }

    /// `ll_CC@modifier` of `ll_CC.codeset@modifier`.
    static func stripCodeset(_ name: String) -> String {
        guard let dot = name.firstIndex(of: ".") else { return name }
        let modifier = name[dot...].firstIndex(of: "@").map { String(name[$0...]) } ?? ""
        return String(name[..<dot]) + modifier
    }
}
