import FoundationEssentials

/// The source list when the config has no `[[source]]`: quotes in the person's language where
/// Debian has them.
///
/// When the messages language (``Translator/languages``, the first one up to English) has a
/// Debian fortune package and that package is installed, the list is its fortune file, so the
/// quotes come in that language (the bundled collection still stands in when it fails).
/// English, a language without a package, or a package not installed: ZenQuotes, then the
/// bundled collection, as always.
package struct DefaultSources: Sendable, Equatable {
    /// Why this list.
    package enum Reason: Sendable, Codable, Equatable {
        /// The messages language is English (or C).
        case english
        /// `package` is installed for `language`; its file `path` is read.
        case installed(language: String, package: String, path: String)
        /// `language` has Debian's `package`, which is not installed.
        case notInstalled(language: String, package: String)
        /// Debian has no fortune package in `language`.
        case noPackage(language: String)
    }

    /// One Debian fortune package: the languages it serves and its files, best first (the
    /// first one installed is read).
    package struct Package: Sendable, Equatable {
        package var name: String
        /// Base language codes (`de`), or a full name (`pt_BR`) where only that country's counts.
        package var languages: [String]
        package var files: [(path: String, encoding: String?)]

        package static func == (left: Package, right: Package) -> Bool {
            left.name == right.name && left.languages == right.languages && left.files.map(\.path) == right.files.map(\.path)
                && left.files.map(\.encoding) == right.files.map(\.encoding)
        }
    }

    package var sources: [SourceConfig]
    package var reason: Reason

    /// The fortune files of docs/sources.md's "Fortunes in other languages", one list per package.
    package static let packages: [Package] = {
        let root = "/usr/share/games/fortunes"
        return [
            Package(name: "fortunes-bg", languages: ["bg"], files: [("\(root)/bg/bgproverb", nil)]),
            Package(name: "fortunes-br", languages: ["pt"], files: [("\(root)/brasil", nil)]),
            Package(name: "fortunes-cs", languages: ["cs", "sk"], files: [("\(root)/cs/citat", nil)]),
            Package(name: "fortunes-de", languages: ["de"], files: [("\(root)/de/zitate", nil)]),
            // fortunes-eo in UTF-8, else the ISO-8859-3 package, else the x-system one.
            Package(
                name: "fortunes-eo", languages: ["eo"],
                files: [
                    ("\(root)/eo/proverbaro", nil), ("\(root)/eo-iso3/proverbaro", "ISO-8859-3"), ("\(root)/eo-ascii/proverbaro", nil),
                ]),
            Package(name: "fortunes-es", languages: ["es"], files: [("\(root)/es/refranes.fortunes", nil)]),
            Package(name: "fortunes-ga", languages: ["ga"], files: [("\(root)/ga/proverbs", nil)]),
            Package(name: "fortunes-it", languages: ["it"], files: [("\(root)/it/italia", nil)]),
            Package(name: "fortunes-pl", languages: ["pl"], files: [("\(root)/pl/seneka", nil)]),
            Package(name: "fortunes-ru", languages: ["ru"], files: [("\(root)/ru/citates", nil)]),
            Package(name: "fortunes-zh", languages: ["zh"], files: [("\(root)/chinese", nil)]),
        ]
    }()

    /// The list for `languages` (most preferred first; empty for English), with `fileExists`
    /// telling which packages are installed.
    ///
    /// The first language that has a package decides; if that package is not installed, the
    /// default stays ZenQuotes.
    package init(languages: [String], fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        sources = SourceConfig.defaults
        guard let first = languages.first else {
            reason = .english
            return
        }
        for language in languages {
            let base = Translator.baseLanguage(of: language)
            guard let package = Self.packages.first(where: { $0.languages.contains(base) }) else { continue }
            guard let file = package.files.first(where: { fileExists($0.path) }) else {
                reason = .notInstalled(language: language, package: package.name)
                return
            }
            sources = [SourceConfig(kind: .fortune, path: file.path, encoding: file.encoding)]
            reason = .installed(language: language, package: package.name, path: file.path)
            return
        }
        reason = .noPackage(language: first)
    }

    /// The list and why, in `tr`'s language, for `status` and `config path`.
    package func text(_ tr: Translator) -> String { reason.text(tr) }
}

extension DefaultSources.Reason {
    /// The default list this reason gives, and why, in `tr`'s language.
    package func text(_ tr: Translator) -> String {
        switch self {
        case .english:
            // TRANSLATORS: the default quote sources when the config names none; "bundled collection" is the quotes built into dailyquote.
            return tr("ZenQuotes, then the bundled collection (the messages language is English)")
        case .installed(let language, let package, let path):
            return tr("%s from %s, then the bundled collection (the messages language is %s)", path, package, language)
        case .notInstalled(let language, let package):
            return tr("ZenQuotes, then the bundled collection (install %s for quotes in %s)", package, language)
        case .noPackage(let language):
            return tr("ZenQuotes, then the bundled collection (Debian has no fortune package in %s)", language)
        }
    }
}
