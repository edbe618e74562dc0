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
        var script = ""
        for (index, environment) in environments.enumerated() {
            let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            script += """
                env -u LANGUAGE -u LC_ALL -u LC_MESSAGES \(assignments) "$DQ" notify --now >"$W/out\(index)" 2>"$W/err\(index)"
                for _ in $(seq 100); do [ -s "$XDG_STATE_HOME/dailyquote/hold.json" ] && break; sleep 0.05; done

                """
        }
        script += "cp \"$MOCK_LOG\" \"$W/mock.log\"\n"
        let (result, file) = try Self.mockSession(sandbox, capabilities: "body actions", script)
        #expect(result.status == 0, "\(result.stderr)")
        let outputs = environments.indices.map { file("out\($0)") + file("err\($0)") }
        return (Self.notifyCalls(file("mock.log")), outputs)
    }

    @Test(
        "The Notify call's summary and button labels follow LANG, LANGUAGE over LANG, and LANG=C is English; notify's line too"
    )
    func notifyInSessionLanguage() throws {
        let (calls, outputs) = try Self.notifyInLanguages([
            ["LANG": "de_DE.UTF-8"],
            ["LANG": "C"],
            ["LANG": "de_DE.UTF-8", "LANGUAGE": "fr"],
            ["LANG": "C", "LANGUAGE": "fr"],
            ["LC_ALL": "de_DE.UTF-8", "LANG": "C"],
            ["LANG": "de_DE.UTF-8", "LANGUAGE": "zh_CN"],
        ])
        try #require(calls.count == 6, "\(calls)\n\(outputs)")
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
        let (result, file) = try Self.mockSession(
            german, capabilities: "body",
            """
            "$DQ" notify --now >"$W/out" 2>&1
            "$DQ" status >"$W/status.txt" 2>/dev/null
            "$DQ" config path >"$W/path.txt" 2>/dev/null
            cp "$MOCK_LOG" "$W/mock.log"
            """)
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
        let calls = Self.notifyCalls(file("mock.log"))
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
