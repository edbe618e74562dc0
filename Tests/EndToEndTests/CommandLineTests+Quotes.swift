import Foundation
import TestSupport
import Testing

/// `[quotes]` filters across sources and the bundled collection, and fortune `encoding`, through the binary.
extension CommandLineTests {
    /// The attempts of the last refresh, from `refresh --json` output.
    static func refreshAttempts(_ json: String) throws -> [[String: Any]] {
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        return try #require(outcome["attempts"] as? [[String: Any]])
    }

    @Test(
        "A network quote [quotes] refuses is recorded with the key and why; the next source is used",
        arguments: [
            ("max_length = 40", "max_length", "refused by quotes.max_length: 43 characters, more than 40"),
            ("min_length = 40\nmax_length = 50", nil, nil),
            (
                "exclude_authors = [\" marcus   AURELIUS \"]", "exclude_authors",
                "refused by quotes.exclude_authors: the author is \"Marcus Aurelius\""
            ),
            (
                "include_authors = [\"benjamin franklin\"]", "include_authors",
                "refused by quotes.include_authors: \"Marcus Aurelius\" is not listed"
            ),
        ] as [(String, String?, String?)])
    func networkFilters(filters: String, key: String?, error: String?) throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox([
            "type = \"zenquotes\"\nurl = \"\(server.url("zen"))\"", "type = \"dummyjson\"\nurl = \"\(server.url("dummy"))\"",
        ])
        _ = try sandbox.config(String(contentsOfFile: config, encoding: .utf8) + "[quotes]\n\(filters)\n")
        let result = try sandbox.run(["refresh", "--config", config, "--json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let attempts = try Self.refreshAttempts(result.stdout)
        if let key {
            // ZenQuotes is not random: one attempt, refused; then DummyJSON's quote (35 characters, Franklin).
            #expect(attempts.map { $0["outcome"] as? String } == ["failed", "accepted"])
            #expect(attempts.first?["refusedBy"] as? String == key)
            #expect(attempts.first?["error"] as? String == error)
            #expect(try Self.cachedQuote(sandbox).author == "Benjamin Franklin")
            // status explains the last refresh with the same words.
            let status = try sandbox.run(["status", "--config", config])
            #expect(status.stdout.contains(error ?? "?"), "\(status.stdout)")
        } else {
            // min 40, max 50: Marcus Aurelius' 43 characters pass.
            #expect(attempts.map { $0["outcome"] as? String } == ["accepted"])
            #expect(attempts.first?["refusedBy"] == nil)
            #expect(try Self.cachedQuote(sandbox).author == "Marcus Aurelius")
        }
    }

    @Test("A random source whose quotes are refused is asked twice, then the source fails; nothing passes: exit 75, cache kept")
    func everythingRefused() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox([
            "type = \"dummyjson\"\nurl = \"\(server.url("dummy"))\"", "type = \"zenquotes\"\nurl = \"\(server.url("zen"))\"",
        ])
        _ = try sandbox.config(String(contentsOfFile: config, encoding: .utf8) + "[quotes]\nmax_length = 10\n")
        let result = try sandbox.run(["refresh", "--config", config, "--json"])
        #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
        let recorded = try String(contentsOfFile: sandbox.home.url("state/dailyquote/refresh.json"), encoding: .utf8)
        let attempts = try Self.refreshAttempts(recorded)
        #expect(attempts.map { $0["source"] as? String } == ["dummyjson", "dummyjson", "zenquotes"])
        #expect(attempts.allSatisfy { $0["refusedBy"] as? String == "max_length" })
        #expect(result.stdout.contains("refused by quotes.max_length: 35 characters, more than 10"), "\(result.stdout)")
        #expect(Self.cacheText(sandbox) == Self.seededCache)
    }

    @Test("Local sources pick among the records that pass: a fortune file and a quote file, any pick")
    func localFilters() throws {
        let sandbox = Sandbox()
        let fortune = try sandbox.home.write(
            "fortunes",
            "Short one.\n\t-- Seneca\n%\nA somewhat longer fortune, by someone else.\n\t-- Cato\n%\nNo author, and long enough to pass.\n%\n"
        )
        let lines = try sandbox.home.write("quotes.txt", "First line quote. -- Ann\nSecond line quote. -- Bo Diddley\nThird. -- Cy\n")
        for _ in 0..<4 {
            let config = try sandbox.config(
                "[[source]]\ntype = \"fortune\"\npath = \"\(fortune)\"\n[quotes]\nmin_length = 20\nexclude_authors = [\"cato\"]\n")
            let result = try sandbox.run(["refresh", "--config", config])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(try Self.cachedQuote(sandbox).text == "No author, and long enough to pass.")
            let byAuthor = try sandbox.config(
                "[[source]]\ntype = \"file\"\npath = \"\(lines)\"\n[quotes]\ninclude_authors = [\"BO DIDDLEY\"]\n")
            let second = try sandbox.run(["refresh", "--config", byAuthor])
            #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
            #expect(try Self.cachedQuote(sandbox).author == "Bo Diddley")
        }
        let none = try sandbox.config("[[source]]\ntype = \"fortune\"\npath = \"\(fortune)\"\n[quotes]\ninclude_authors = [\"Plato\"]\n")
        let failed = try sandbox.run(["refresh", "--config", none, "--json"])
        #expect(failed.status == 75, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("no quote of 3 in \(fortune) passes [quotes] (refused: 3 by include_authors)"), "\(failed.stdout)")
    }

    @Test("The bundled collection is filtered too; if nothing in it passes, it is used unfiltered, with a warning and the reason")
    func bundledFilters() throws {
        let sandbox = Sandbox()
        let wilde = try sandbox.config("[quotes]\ninclude_authors = [\"oscar wilde\"]\nmax_length = 120\n")
        for _ in 0..<3 {
            let show = try sandbox.run(["show", "--config", wilde])
            #expect(show.status == 0, "\(show.stderr)")
            #expect(show.stdout.hasSuffix("— Oscar Wilde\n"), "\(show.stdout)")
        }
        let nobody = try sandbox.config("[quotes]\ninclude_authors = [\"Nobody At All\"]\n", name: "nobody.toml")
        let check = try sandbox.run(["config", "check", "--config", nobody])
        #expect(check.status == 0)
        #expect(check.stderr.contains("warning: \(nobody): quotes: none of the "), "\(check.stderr)")
        let dry = try sandbox.run(["notify", "--now", "--dry-run", "--json", "--config", nobody])
        #expect(dry.status == 0, "\(dry.stderr)")
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
        #expect(outcome["source"] as? String == "bundled")
        #expect(
            (outcome["reason"] as? String)?.hasSuffix("no bundled quote passes [quotes], so they were ignored for the bundled collection")
                == true)
        #expect(dry.stderr.contains("warning: no bundled quote passes [quotes]"), "\(dry.stderr)")
    }

    @Test("A cached quote the filters now refuse is not shown; the bundled collection stands in")
    func cachedQuoteRefused() throws {
        let sandbox = Sandbox()
        try sandbox.home.write(
            "cache/dailyquote/quote.json",
            #"{"text":"A cached thought by an excluded author.","author":"Cache Author","source":"zenquotes","fetchedAt":\#(Int(Date().timeIntervalSince1970))}"#
        )
        let config = try sandbox.config("[quotes]\nexclude_authors = [\"cache author\"]\n")
        let show = try sandbox.run(["show", "--config", config])
        #expect(!show.stdout.contains("Cache Author"), "\(show.stdout)")
        let dry = try sandbox.run(["notify", "--now", "--dry-run", "--json", "--config", config])
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
        #expect(outcome["reason"] as? String == "fallback: cached quote refused by quotes.exclude_authors: the author is \"Cache Author\"")
    }

    @Test("A Latin-1 fortune file: declared, it reads exactly; undeclared, refresh fails naming the record and the key")
    func latin1Fortune() throws {
        let (sandbox, _) = try Self.refreshSandbox([])
        let path = sandbox.home.url("fortunes-latin1")
        // "Grüße aus Köln." -- Jürgen, in ISO-8859-1.
        let bytes: [UInt8] =
            Array("Gr".utf8) + [0xFC, 0xDF] + Array("e aus K".utf8) + [0xF6] + Array("ln.\n\t-- J".utf8) + [0xFC] + Array("rgen\n%\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let declared = try sandbox.config("[[source]]\ntype = \"fortune\"\npath = \"\(path)\"\nencoding = \"latin1\"\n")
        let result = try sandbox.run(["refresh", "--config", declared])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let quote = try Self.cachedQuote(sandbox)
        #expect(quote.text == "Grüße aus Köln.")
        #expect(quote.author == "Jürgen")
        try sandbox.home.write("cache/dailyquote/quote.json", Self.seededCache)
        let undeclared = try sandbox.config("[[source]]\ntype = \"fortune\"\npath = \"\(path)\"\n", name: "utf8.toml")
        let failed = try sandbox.run(["refresh", "--config", undeclared])
        #expect(failed.status == 75, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stderr.contains("record 1 of \(path) is not valid UTF-8 (byte 2)"), "\(failed.stderr)")
        #expect(failed.stderr.contains("encoding = "), "\(failed.stderr)")
        #expect(!failed.stderr.contains("\u{FFFD}"))
        #expect(Self.cacheText(sandbox) == Self.seededCache)
    }

    @Test(
        "Bad [quotes] values and encodings are config errors (exit 78, file, line, key) for config check and refresh alike",
        arguments: [
            ("[quotes]\nmin_length = -5\n", 2, "quotes.min_length", "out of range"),
            (
                "[delivery]\nhour = 8\n\n[quotes]\nmax_length = 100\nmin_length = 200\n", 6, "quotes.min_length",
                "greater than max_length 100"
            ),
            ("[quotes]\nexclude_authors = [\"Ann\", 3]\n", 2, "quotes.exclude_authors", "integer 3"),
            ("[quotes]\ninclude_authors = []\n", 2, "quotes.include_authors", "the list is empty"),
            ("[quotes]\nmax_length = \"200\"\n", 2, "quotes.max_length", "expected an integer"),
            ("[quotes]\nlength = 5\n", 2, "quotes.length", "unknown key"),
            ("[[source]]\ntype = \"fortune\"\npath = \"/x\"\nencoding = \"EBCDIC-US\"\n", 4, "source[1].encoding", "keeps ASCII"),
            ("[[source]]\ntype = \"zenquotes\"\nencoding = \"latin1\"\n", 3, "source[1].encoding", "only fortune sources"),
        ] as [(String, Int, String, String)])
    func quotesConfigErrors(text: String, line: Int, key: String, fragment: String) throws {
        let sandbox = Sandbox()
        let config = try sandbox.config(text)
        for command in [["config", "check"], ["refresh"]] {
            let result = try sandbox.run(command + ["--config", config])
            #expect(result.status == 78, "\(command): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("\(config):\(line): \(key): "), "\(result.stderr)")
            #expect(result.stderr.contains(fragment), "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test("A local source none of whose quotes pass [quotes]: refresh --json (exit 75) names the key that refused most in refusedBy")
    func localRefusedBy() throws {
        let sandbox = Sandbox()
        let lines = try sandbox.home.write(
            "quotes.txt", "One quote here. -- Ann\nAnother one here. -- Bo\nA third, rather longer quote. -- Cy\n")
        let config = try sandbox.config(
            "[[source]]\ntype = \"file\"\npath = \"\(lines)\"\n[quotes]\ninclude_authors = [\"Plato\"]\nmax_length = 20\n")
        let result = try sandbox.run(["refresh", "--config", config, "--json"])
        #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
        let attempts = try Self.refreshAttempts(result.stdout)
        #expect(attempts.count == 1, "a local source that read every record is not asked again")
        #expect(attempts.first?["refusedBy"] as? String == "include_authors", "\(result.stdout)")
        #expect(
            attempts.first?["error"] as? String
                == "no quote of 3 in \(lines) passes [quotes] (refused: 2 by include_authors, 1 by max_length)")
        let recorded = try String(contentsOfFile: sandbox.home.url("state/dailyquote/refresh.json"), encoding: .utf8)
        #expect(try Self.refreshAttempts(recorded).first?["refusedBy"] as? String == "include_authors")
    }

    @Test(
        "A long quote as the only source, without max_length: refresh says the default limit refused it and how to lift it; --json keeps refusedBy max_length"
    )
    func defaultLimitNamed() throws {
        let sandbox = Sandbox()
        let long = try sandbox.home.write("long.txt", String(repeating: "A long thought. ", count: 25) + "-- Someone\n")
        let config = try sandbox.config("[[source]]\ntype = \"file\"\npath = \"\(long)\"\n")
        let refused =
            "no quote of 1 in \(long) passes [quotes] (refused: 1 longer than the default limit (300 characters or 12 lines; set [quotes] max_length))"
        let text = try sandbox.run(["refresh", "--config", config])
        #expect(text.status == 75, "\(text.stdout)\(text.stderr)")
        #expect((text.stdout + text.stderr).contains(refused), "\(text.stdout)\(text.stderr)")
        #expect(!(text.stdout + text.stderr).contains("by max_length"), "\(text.stdout)\(text.stderr)")
        let json = try sandbox.run(["refresh", "--config", config, "--json"])
        let attempts = try Self.refreshAttempts(json.stdout)
        #expect(attempts.first?["refusedBy"] as? String == "max_length", "\(json.stdout)")
        #expect(attempts.first?["error"] as? String == refused, "\(json.stdout)")
    }

    @Test("status says when the cached quote is refused by [quotes], as notify --dry-run does")
    func statusCachedQuoteRefused() throws {
        let sandbox = Sandbox()
        try sandbox.home.write(
            "cache/dailyquote/quote.json",
            #"{"text":"A cached thought.","author":"Cache Author","source":"zenquotes","fetchedAt":\#(Int(Date().timeIntervalSince1970))}"#)
        let config = try sandbox.config("[quotes]\ninclude_authors = [\"Seneca\"]\n")
        let status = try sandbox.run(["status", "--config", config])
        #expect(
            status.stdout.contains("not used: cached quote refused by quotes.include_authors: \"Cache Author\" is not listed"),
            "\(status.stdout)")
        let json = try sandbox.run(["status", "--json", "--config", config])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let cached = try #require(report["cachedQuote"] as? [String: Any], "\(json.stdout)")
        #expect(cached["refusedBy"] as? String == "include_authors")
        let dry = try sandbox.run(["notify", "--now", "--dry-run", "--config", config])
        #expect(dry.stdout.contains("cached quote refused by quotes.include_authors"), "\(dry.stdout)")
        // A quote that passes: no such line.
        let passing = try sandbox.run(["status"])
        #expect(!passing.stdout.contains("not used"), "\(passing.stdout)")
    }
}
