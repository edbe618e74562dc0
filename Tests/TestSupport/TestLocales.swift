import Foundation

/// The locales and message catalogs the language tests run under, made as the package makes them, without changing the machine.
///
/// The locales are generated with `localedef` (from the `locales` package's sources) into a
/// directory that `LOCPATH` names, kept in `.build/test-locales` between runs (each takes
/// about three seconds); the catalogs are compiled from `po/` by
/// `packaging/build-translations.sh` once per test run, and the binary is pointed at them with
/// `DAILYQUOTE_LOCALEDIR`.
public enum TestLocales {
    /// The locales generated: German, US English, French, Chinese and C, in UTF-8.
    public static let names = ["de_DE.UTF-8", "en_US.UTF-8", "fr_FR.UTF-8", "zh_CN.UTF-8", "C.UTF-8"]

    /// The `LOCPATH` directory holding ``names``.
    public static let localePath: String = {
        let directory = "\(RepositoryPaths.root)/.build/test-locales"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in names where !FileManager.default.fileExists(atPath: "\(directory)/\(name)/LC_MESSAGES") {
            let parts = name.split(separator: ".")
            let result = try? ProcessRunner.run(
                "/usr/bin/localedef", ["-i", String(parts[0]), "-f", String(parts[1]), "\(directory)/\(name)"],
                environment: RepositoryPaths.environment())
            precondition(result?.status == 0, "localedef \(name) failed: \(result?.stderr ?? "not run")")  // Test infrastructure only.
        }
        return directory
    }()

    /// The catalogs compiled from `po/`, `LL/LC_MESSAGES/dailyquote.mo`.
    public static let catalogs: String = {
        let directory = "\(RepositoryPaths.root)/.build/test-catalogs"
        let result = try? ProcessRunner.run(
            "\(RepositoryPaths.root)/packaging/build-translations.sh", [directory], environment: RepositoryPaths.environment())
        precondition(result?.status == 0, "build-translations.sh failed: \(result?.stderr ?? "not run")")  // Test infrastructure only.
        return directory
    }()

    /// The translations' languages: `po/LINGUAS`, one per line.
    public static var languages: [String] {
        ((try? String(contentsOfFile: "\(RepositoryPaths.root)/po/LINGUAS", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The environment for a child that should speak `lang` (and `language`, gettext's
    /// `LANGUAGE`): `LANG`, `LOCPATH` and `DAILYQUOTE_LOCALEDIR`.
    public static func environment(lang: String, language: String? = nil) -> [String: String] {
        var environment = ["LANG": lang, "LOCPATH": localePath, "DAILYQUOTE_LOCALEDIR": catalogs]
        if let language { environment["LANGUAGE"] = language }
        return environment
    }
}
