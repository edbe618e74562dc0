import Foundation
import TestSupport
import Testing

/// The person's language (gettext): the notification's default title, author line and buttons,
/// and what `notify` prints, under locales generated for the test and the catalogs built from po/.
extension CommandLineTests {
    /// One `notify --now` per environment on python3-dbusmock's server (which shows actions),
    /// each with the three buttons; returns the Notify calls and `notify`'s output, in order.
    static func notifyInLanguages(_ environments: [[String: String]]) throws -> (calls: [String], outputs: [String]) {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = ["LOCPATH": TestLocales.localePath, "DAILYQUOTE_LOCALEDIR": TestLocales.catalogs]
        // A quote file with an author, so that every language shows its author line: without it,
        // a language with a fortune package (Chinese) would post a fortune without one.
        let quotes = try sandbox.home.write("quotes.txt", "While we are postponing, life speeds by. -- Seneca\n")
        try sandbox.home.write(
            "config/dailyquote/config.toml",
            "[notification]\nactions = [\"copy\", \"save\", \"another\"]\n[[source]]\ntype = \"file\"\npath = \"\(quotes)\"\n")
        let assignments = environments.map { environment in
            environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body actions", harness: "notify-in-languages.sh", assignments)
        #expect(result.status == 0, "\(result.stderr)")
        let outputs = environments.indices.map { file("out\($0)") + file("err\($0)") }
        return (MockNotificationServer.notifyCalls(file("mock.log")), outputs)
    }

    @Test(
        "The Notify call's summary and button labels follow LANG, LANGUAGE over LANG (C.UTF-8 too), and LANG=C is English; notify's line too"
    )
    func notifyInSessionLanguage() throws {
        let (calls, outputs) = try Self.notifyInLanguages([
            ["LANG": "de_DE.UTF-8"],
            ["LANG": "C"],
            ["LANG": "de_DE.UTF-8", "LANGUAGE": "fr"],
            ["LANG": "C", "LANGUAGE": "fr"],
            ["LC_ALL": "de_DE.UTF-8", "LANG": "C"],
            ["LANG": "de_DE.UTF-8", "LANGUAGE": "zh_CN"],
            ["LANG": "C.UTF-8", "LANGUAGE": "fr"],
        ])
        try #require(calls.count == 7, "\(calls)\n\(outputs)")
        #expect(calls[0].contains(#""Zitat des Tages""#), "\(calls[0])")
        #expect(calls[0].contains(#"["copy", "Kopieren", "save", "Speichern", "another", "Anderes Zitat"]"#), "\(calls[0])")
        #expect(outputs[0].hasPrefix("gesendet: \""), "\(outputs[0])")
        #expect(calls[1].contains(#""Quote of the Day""#), "\(calls[1])")
        #expect(calls[1].contains(#"["copy", "Copy", "save", "Save", "another", "Another quote"]"#), "\(calls[1])")
        #expect(outputs[1].hasPrefix("posted \""), "\(outputs[1])")
        #expect(calls[2].contains(#""Citation du jour""#), "\(calls[2])")
        #expect(calls[2].contains(#"["copy", "Copier", "save", "Enregistrer", "another", "Autre citation"]"#), "\(calls[2])")
        #expect(outputs[2].hasPrefix("envoyé : \""), "\(outputs[2])")
        // glibc ignores LANGUAGE in the C locale.
        #expect(calls[3].contains(#""Quote of the Day""#), "\(calls[3])")
        #expect(calls[4].contains(#""Zitat des Tages""#), "\(calls[4])")
        // The author line: Chinese writes its dash doubled.
        #expect(calls[5].contains(#""每日名言""#), "\(calls[5])")
        #expect(calls[5].contains("\n—— "), "\(calls[5])")
        #expect(calls[5].contains(#"["copy", "复制", "save", "保存""#), "\(calls[5])")
        // Only C and POSIX turn LANGUAGE off, as for every glibc program: C.UTF-8 does not.
        #expect(calls[6].contains(#""Citation du jour""#), "\(calls[6])")
        #expect(outputs[6].hasPrefix("envoyé : \""), "\(outputs[6])")
    }
}

extension CommandLineTests {
    @Test(
        "Without [[source]], LANG=de_DE.UTF-8 fetches and delivers a quote from fortunes-de; en_US.UTF-8 keeps ZenQuotes; a [[source]] list wins"
    )
    func fortunesInSessionLanguage() throws {
        let german = Sandbox()
        german.extraEnvironment = TestLocales.environment(lang: "de_DE.UTF-8")
        let dryRun = try german.run(["refresh", "--dry-run"])
        #expect(dryRun.stdout.contains("1. fortune /usr/share/games/fortunes/de/zitate"), "\(dryRun.stdout)")
        let refresh = try german.run(["refresh"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        let (result, file) = try MockNotificationServer.session(
            german, capabilities: "body", harness: "notify-status-path.sh")
        #expect(result.status == 0, "\(result.stderr)")
        let cached = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: german.home.url("cache/dailyquote/quote.json"))))
                as? [String: Any])
        let text = try #require(cached["text"] as? String)
        #expect(cached["source"] as? String == "fortune", "\(cached)")
        let zitate = Self.words(try String(contentsOfFile: "/usr/share/games/fortunes/de/zitate", encoding: .utf8))
        // The record's wrapped lines flow into one: compare words.
        let firstLine = String(text.split(separator: "\n").first ?? "")
        #expect(!firstLine.isEmpty && zitate.contains(Self.words(firstLine)), "\(text) is not from de/zitate")
        let calls = MockNotificationServer.notifyCalls(file("mock.log"))
        #expect(calls.count == 1 && calls[0].contains(firstLine), "\(calls)\n\(file("out"))")
        #expect(calls.first?.contains("\"Zitat des Tages\"") == true)
        #expect(
            file("status.txt").contains(
                "Quellen:                     /usr/share/games/fortunes/de/zitate aus fortunes-de, dann die mitgelieferte Sammlung (die Sprache der Meldungen ist de_DE)"
            ),
            "\(file("status.txt"))")
        #expect(file("path.txt").contains("ohne [[source]]: /usr/share/games/fortunes/de/zitate aus fortunes-de"), "\(file("path.txt"))")

        // English: as before, ZenQuotes then the bundled collection.
        let english = Sandbox()
        english.extraEnvironment = TestLocales.environment(lang: "en_US.UTF-8")
        let englishDryRun = try english.run(["refresh", "--dry-run"])
        #expect(englishDryRun.stdout.contains("1. zenquotes https://zenquotes.io/api/today"), "\(englishDryRun.stdout)")
        #expect(!englishDryRun.stdout.contains("fortune"))
        #expect(try english.run(["status"]).stdout.contains("ZenQuotes, then the bundled collection (the messages language is English)"))
        #expect(
            try english.run(["config", "path"]).stdout.contains("ZenQuotes, then the bundled collection (the messages language is English)")
        )

        // An explicit list always wins.
        try german.home.write("config/dailyquote/config.toml", "[[source]]\ntype = \"zenquotes\"\nendpoint = \"random\"\n")
        let configured = try german.run(["refresh", "--dry-run"])
        #expect(configured.stdout.contains("1. zenquotes https://zenquotes.io/api/random"), "\(configured.stdout)")
        #expect(!configured.stdout.contains("fortune"))
    }
}

extension CommandLineTests {
    /// `status`, `doctor --offline`, `config path` and `notify --now` under each environment
    /// (`LANG=fr_FR.UTF-8`, `LANG=de_DE.UTF-8 LANGUAGE=fr`), with the presence wait on so that
    /// doctor lists the signals; returns each command's output (`status`, `doctor`, `path`,
    /// `notify`) per environment, in order.
    static func reportsInLanguages(_ environments: [String]) throws -> [[String: String]] {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = ["LOCPATH": TestLocales.localePath, "DAILYQUOTE_LOCALEDIR": TestLocales.catalogs]
        try sandbox.home.write("config/dailyquote/config.toml", "[delivery]\nhour = 8\nwait_for_presence = true\n")
        // As the scenario names its files, in the order it runs them (`path` is config path).
        let commands = ["doctor", "notify", "path", "status"]
        let (result, file) = try MockNotificationServer.session(
            sandbox, capabilities: "body", harness: "reports-in-languages.sh", environments)
        #expect(result.status == 0, "\(result.stderr)")
        return environments.indices.map { index in
            Dictionary(uniqueKeysWithValues: commands.map { ($0, file("\(index).\($0)")) })
        }
    }

    /// English that status, doctor, config path and notify used to leave inside translated
    /// sentences (config path's "cache:" is Italian and Portuguese too).
    static let englishFragments = [
        "(now)", "no logind session", "no screensaver interface", "Inhibited property", "(bundled", "fallback", "no cached quote",
        "\nstate:", "\nsystem:",
    ]

    @Test(
        "In every language of po/LINGUAS, status, doctor, config path and notify say the relative time, the presence signals, the quote's origin and config path's labels in that language"
    )
    func noEnglishInsideTranslatedReports() throws {
        let languages = TestLocales.languages
        let outputs = try Self.reportsInLanguages(languages.map { "LANG=de_DE.UTF-8 LANGUAGE=\($0)" })
        for (language, commands) in zip(languages, outputs) {
            for (command, output) in commands.sorted(by: { $0.key < $1.key }) {
                #expect(output.split(separator: "\n").count >= (command == "notify" ? 1 : 4), "\(language) \(command): \(output)")
                for fragment in Self.englishFragments {
                    #expect(!output.contains(fragment), "\(language) \(command) says \"\(fragment)\" in English:\n\(output)")
                }
                // English relative times: "(in 9h 2m)", "(2h 5m ago)".
                #expect(!output.contains(/\(in \d+[dhms]|\d[dhms] ago\)/), "\(language) \(command) says how far in English:\n\(output)")
            }
        }
    }

    /// The label of each line that has one (status's lines not indented, doctor's after the
    /// verdict, config path's): the text up to its first colon, ASCII or full-width, included.
    static func labels(_ output: String, doctor: Bool = false) -> [Substring] {
        output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.compactMap { line in
            let text = doctor ? line.drop { $0 != " " }.drop { $0 == " " } : line
            return text.firstIndex { $0 == ":" || $0 == "：" }.map { text[...$0] }
        }
    }

    @Test(
        "Under LANG=fr_FR.UTF-8 and zh_CN.UTF-8, status, doctor and config path punctuate alike (French: a space before each label's colon and between clauses ' ; '; Chinese: full-width ： and ；, no ASCII ;), and the relative time is in the language"
    )
    func frenchAndChinesePunctuation() throws {
        let outputs = try Self.reportsInLanguages(["LANG=fr_FR.UTF-8", "LANG=zh_CN.UTF-8"])
        let (french, chinese) = (outputs[0], outputs[1])
        let frenchLabels = ["status", "doctor", "path"].flatMap { Self.labels(french[$0] ?? "", doctor: $0 == "doctor") }
        #expect(frenchLabels.count > 20, "\(french)")
        for label in frenchLabels { #expect(label.hasSuffix(" :"), "French label without a space before its colon: \(label)") }
        #expect(french["status"]?.contains("(dans ") == true, "\(french["status"] ?? "")")
        #expect(
            french["doctor"]?.contains("aucune session logind ; aucune interface d’économiseur d’écran ; ") == true,
            "\(french["doctor"] ?? "")")
        #expect(french["notify"]?.contains("(collection intégrée, repli : aucune citation en cache)") == true, "\(french["notify"] ?? "")")

        let chineseLabels = ["status", "doctor", "path"].flatMap { Self.labels(chinese[$0] ?? "", doctor: $0 == "doctor") }
        #expect(chineseLabels.count > 20, "\(chinese)")
        for label in chineseLabels {
            #expect(label.hasSuffix("：") && !label.hasSuffix(" ："), "Chinese label without a full-width colon: \(label)")
        }
        for command in ["status", "doctor"] {
            #expect(chinese[command]?.contains(";") == false, "ASCII ; in Chinese \(command):\n\(chinese[command] ?? "")")
        }
        // A full-width colon carries its own space: config path writes none after it, as doctor does.
        for command in ["path", "doctor"] {
            #expect(chinese[command]?.contains("： ") == false, "a space after ： in Chinese \(command):\n\(chinese[command] ?? "")")
        }
        #expect(chinese["path"]?.contains("配置：/") == true, "\(chinese["path"] ?? "")")
        #expect(chinese["status"]?.contains("后）") == true, "\(chinese["status"] ?? "")")
        #expect(chinese["doctor"]?.contains("没有 logind 会话；没有屏幕保护程序接口；") == true, "\(chinese["doctor"] ?? "")")
    }

    @Test(
        "French status with an invalid config: the next delivery and the next refresh (« mise à jour », feminine) are denied in words that agree with both"
    )
    func frenchInvalidConfigAgrees() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment = TestLocales.environment(lang: "fr_FR.UTF-8")
        let config = try sandbox.config("[notification]\nactions = [\"sav\"]\n")
        let text = try sandbox.run(["status", "--config", config]).stdout
        #expect(text.contains(/prochain envoi : +pas tant que la configuration est invalide\n/), "\(text)")
        #expect(text.contains(/prochaine mise à jour : +pas tant que la configuration est invalide\n/), "\(text)")
        #expect(!text.contains("aucun tant que"), "\(text)")
    }
}

extension CommandLineTests {
    @Test(
        "Without a cached quote, status names what the next delivery reads (the language's fortune file, a file source) before the bundled collection; config init's comment names the default sources for the language"
    )
    func fallbackNamedTruly() throws {
        let zitate = "/usr/share/games/fortunes/de/zitate"
        try #require(FileManager.default.fileExists(atPath: zitate), "fortunes-de is not installed (scripts/install-deps test)")
        let german = Sandbox()
        german.extraEnvironment = TestLocales.environment(lang: "de_DE.UTF-8")
        let status = try german.run(["status"])
        #expect(
            status.stdout.contains(
                "keines (die nächste Zustellung nimmt ein Zitat aus \(zitate), sonst aus der mitgelieferten Sammlung)\n"),
            "\(status.stdout)")
        #expect(!status.stdout.contains("mitgelieferte Sammlung wird verwendet"), "\(status.stdout)")
        let initialised = try german.run(["config", "init"])
        #expect(initialised.status == 0, "\(initialised.stderr)")
        let germanConfig = try String(contentsOfFile: german.home.url("config/dailyquote/config.toml"), encoding: .utf8)
        #expect(
            germanConfig.contains(
                "\n# For you now: \(zitate) from fortunes-de, then the bundled collection (the messages language is de_DE).\n"),
            "\(germanConfig)")

        let english = Sandbox()
        english.extraEnvironment = TestLocales.environment(lang: "en_US.UTF-8")
        #expect(try english.run(["status"]).stdout.contains("cached quote:"))
        #expect(try english.run(["status"]).stdout.contains("none (the bundled collection is used)\n"))
        #expect(try english.run(["config", "init"]).status == 0)
        let englishConfig = try String(contentsOfFile: english.home.url("config/dailyquote/config.toml"), encoding: .utf8)
        #expect(
            englishConfig.contains("\n# For you now: ZenQuotes, then the bundled collection (the messages language is English).\n"),
            "\(englishConfig)")
        // A file source of the config is read first too.
        let quotes = try english.home.write("quotes.txt", "Stay curious. -- Someone\n")
        let config = try english.config("[[source]]\ntype = \"file\"\npath = \"\(quotes)\"\n")
        let withFile = try english.run(["status", "--config", config])
        #expect(
            withFile.stdout.contains("none (the next delivery takes a quote from \(quotes), else from the bundled collection)\n"),
            "\(withFile.stdout)")
    }
}
