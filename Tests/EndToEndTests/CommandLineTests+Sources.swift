import Foundation
import TestSupport
import Testing

/// Local quote files and the source keys `config check` validates.
extension CommandLineTests {
    /// The cached quote's text and author.
    static func cachedQuote(_ sandbox: Sandbox) throws -> (text: String?, author: String?) {
        let cached = try #require(Self.cacheText(sandbox))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cached.utf8)) as? [String: Any])
        return (object["text"] as? String, object["author"] as? String)
    }

    @Test(
        "A JSON quote file: author optional or null, one object, unusable entries skipped with their index",
        arguments: [
            (#"[{"text": "No author at all."}]"#, "No author at all.", "", nil),
            (#"[{"text": "A null author.", "author": null}]"#, "A null author.", "", nil),
            (#"{"text": "One object.", "author": "Solo"}"#, "One object.", "Solo", nil),
            (
                #"[{"quote": "wrong key"}, {"text": 7}, {"text": "The usable one.", "author": "Third"}]"#, "The usable one.", "Third",
                "entry #2 (1-based)"
            ),
        ] as [(String, String, String, String?)])
    func jsonQuoteFiles(contents: String, text: String, author: String, warning: String?) throws {
        let sandbox = Sandbox()
        let file = try sandbox.home.write("quotes.json", contents)
        let config = try sandbox.config("[[source]]\ntype = \"file\"\npath = \"\(file)\"\n")
        let result = try sandbox.run(["refresh", "--config", config])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let quote = try Self.cachedQuote(sandbox)
        #expect(quote.text == text)
        #expect(quote.author == author)
        #expect(!(quote.text ?? "").contains("{"))
        if let warning {
            #expect(result.stderr.contains("warning: \(file): entry #1 (1-based) has no \"text\"; skipped"), "\(result.stderr)")
            #expect(result.stderr.contains(warning), "\(result.stderr)")
        }
    }

    @Test(
        "A quote file with no usable quote is a source failure naming the file and the reason; JSON is never lines",
        arguments: [
            (#"[{"quote": "wrong key", "author": "X"}]"#, "no usable quote in 1 entry"), (#"{"quote": "x"}"#, "has no \"text\""),
            ("[]", "empty JSON array"), (#"[{"text": "torn", "#, "does not parse"), (#""a bare JSON string""#, "is JSON a string"),
            ("# only a comment\n-- An Orphan Author\n", "holds no quotes"),
        ])
    func unusableQuoteFiles(contents: String, reason: String) throws {
        let sandbox = Sandbox()
        try sandbox.home.write("cache/dailyquote/quote.json", Self.seededCache)
        let file = try sandbox.home.write("quotes.json", contents)
        let config = try sandbox.config("[[source]]\ntype = \"file\"\npath = \"\(file)\"\n")
        let result = try sandbox.run(["refresh", "--config", config])
        #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("file (\(file)): \(file)"), "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(Self.cacheText(sandbox) == Self.seededCache)
    }

    @Test("A lines file: `text -- ` has no author; a line that is only `-- author` is skipped with a warning")
    func linesFile() throws {
        let sandbox = Sandbox()
        let file = try sandbox.home.write("quotes.txt", "-- Orphan Author\nA quote with an empty author. -- \n")
        let config = try sandbox.config("[[source]]\ntype = \"file\"\npath = \"\(file)\"\n")
        let result = try sandbox.run(["refresh", "--config", config])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let quote = try Self.cachedQuote(sandbox)
        #expect(quote.text == "A quote with an empty author.")
        #expect(quote.author == "")
        #expect(result.stderr.contains("line 1 is only an attribution"), "\(result.stderr)")
    }

    @Test(
        "Source mistakes are config errors (exit 78, file, line, key) for config check and refresh alike",
        arguments: [
            (
                "[[source]]\ntype = \"zenquotes\"\nheaders = { \"X-Token\" = \"${TWO_LINES}\" }\n", 3, "source[1].headers.X-Token",
                "line break"
            ),
            ("[[source]]\ntype = \"zenquotes\"\nheaders = { \"X-Token\" = \"a\\nb\" }\n", 3, "source[1].headers.X-Token", "line break"),
            ("source = []\n[refresh]\ntimeout = \"5s\"\n", 1, "source", "the source list is empty"),
            ("[[source]]\ntype = \"file\"\npath = \"quotes.txt\"\n", 3, "source[1].path", "relative path"),
            ("[[source]]\ntype = \"zenquotes\"\nformat = \"html\"\n", 3, "source[1].format", "only json sources"),
            (
                "[[source]]\ntype = \"json\"\nurl = \"http://x.example/\"\ntext = \"/q\"\nformat = \"xml\"\n", 5, "source[1].format",
                "use \"text\""
            ),
        ] as [(String, Int, String, String)])
    func sourceConfigErrors(text: String, line: Int, key: String, fragment: String) throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment["TWO_LINES"] = "one\r\nX-Injected: two"
        let config = try sandbox.config(text)
        for command in [["config", "check"], ["refresh"]] {
            let result = try sandbox.run(command + ["--config", config])
            #expect(result.status == 78, "\(command): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("\(config):\(line): \(key): "), "\(result.stderr)")
            #expect(result.stderr.contains(fragment), "\(result.stderr)")
            #expect(!result.stderr.contains("X-Injected"), "\(result.stderr)")
        }
    }

    @Test("~, $HOME and ${HOME} start a source path; a missing file passes config check with a warning, and fails refresh as a source")
    func homePathsAndMissingFiles() throws {
        let sandbox = Sandbox()
        try sandbox.home.write("quotes.txt", "From the home directory. -- Home\n")
        for written in ["~/quotes.txt", "$HOME/quotes.txt", "${HOME}/quotes.txt"] {
            let config = try sandbox.config("[[source]]\ntype = \"file\"\npath = \"\(written)\"\n")
            let result = try sandbox.run(["refresh", "--config", config])
            #expect(result.status == 0, "\(written): \(result.stdout)\(result.stderr)")
            #expect(try Self.cachedQuote(sandbox).author == "Home")
        }
        let config = try sandbox.config("[[source]]\ntype = \"fortune\"\npath = \"~/no-such-fortunes\"\n", name: "missing.toml")
        let check = try sandbox.run(["config", "check", "--config", config])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "ok: \(config)\n")
        #expect(
            check.stderr.contains("warning: \(config): source[1].path: \(sandbox.home.url("no-such-fortunes")) does not exist"),
            "\(check.stderr)")
        let refresh = try sandbox.run(["refresh", "--config", config])
        #expect(refresh.status == 75, "\(refresh.stdout)\(refresh.stderr)")
    }

    @Test(
        "U+2028, U+2029 and NEL inside a quote are line breaks of it, in every source: a quote file's line is not split at them",
        arguments: [
            ("file", "lines", "\u{2028}"), ("file", "lines", "\u{85}"), ("file", "lines CRLF", "\u{2029}"), ("file", "json", "\u{85}"),
            ("file", "json", "\u{2028}"), ("fortune", "", "\u{2028}"), ("fortune", "", "\u{85}"), ("zenquotes", "separator", ""),
            ("zenquotes", "nel", ""),
        ])
    func unicodeLineBreaks(type: String, shape: String, separator: String) throws {
        let sandbox = Sandbox()
        let (first, second) = ("Be kind,", "for everyone you meet is fighting a hard battle.")
        var body: String
        switch (type, shape) {
        case ("file", "json"):
            let escaped = separator.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
            body =
                "path = \"\(try sandbox.home.write("quotes.json", #"[{"text": "\#(first)\#(escaped)\#(second)", "author": "Ian Maclaren"}]"#))\""
        case ("file", let lines):
            let end = lines.hasSuffix("CRLF") ? "\r\n" : "\n"
            body = "path = \"\(try sandbox.home.write("quotes.txt", "\(first)\(separator)\(second) -- Ian Maclaren\(end)"))\""
        case ("fortune", _):
            body = "path = \"\(try sandbox.home.write("fortunes", "\(first)\(separator)\(second)\n\t-- Ian Maclaren\n%\n"))\""
        default:
            let server = try QuoteServer()
            body = "url = \"\(server.url(shape))\""
            let config = try sandbox.config("[[source]]\ntype = \"\(type)\"\n\(body)\n")
            let result = try sandbox.run(["refresh", "--config", config])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let cached = try Self.cachedQuote(sandbox)
            #expect(cached.text == "\(first)\n\(second)")
            #expect(cached.author == "Ian Maclaren")
            return
        }
        let config = try sandbox.config("[[source]]\ntype = \"\(type)\"\n\(body)\n")
        // A random pick of a split line would give either half: ask several times.
        for _ in 0..<4 {
            let result = try sandbox.run(["refresh", "--config", config])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let cached = try Self.cachedQuote(sandbox)
            #expect(cached.text == "\(first)\n\(second)", "\(type) \(shape)")
            #expect(cached.author == "Ian Maclaren", "\(type) \(shape)")
            try? FileManager.default.removeItem(atPath: sandbox.home.url("cache/dailyquote/quote.json"))
        }
    }
}
