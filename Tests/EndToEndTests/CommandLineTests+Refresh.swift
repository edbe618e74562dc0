import Foundation
import TestSupport
import Testing

/// The fetch stage against real HTTP servers on 127.0.0.1.
extension CommandLineTests {
    static let seededCache = #"{"author":"Old Author","fetchedAt":1,"source":"seed","text":"The old cached quote stays."}"#

    /// A sandbox with a seeded cache and a config listing `sources` (TOML `[[source]]` bodies).
    static func refreshSandbox(_ sources: [String], timeout: String = "3s") throws -> (Sandbox, String) {
        let sandbox = Sandbox()
        try sandbox.home.write("cache/dailyquote/quote.json", seededCache)
        let body = sources.map { "[[source]]\n\($0)\n" }.joined()
        return (sandbox, try sandbox.config("[refresh]\ntimeout = \"\(timeout)\"\n" + body))
    }

    static func cacheText(_ sandbox: Sandbox) -> String? {
        try? String(contentsOfFile: sandbox.home.url("cache/dailyquote/quote.json"), encoding: .utf8)
    }

    @Test(
        "Every broken reply ends within the deadline + 1 s with exit 75 and the cache byte-identical",
        arguments: [
            ("zenquotes", "500", "HTTP 500"), ("zenquotes", "ratelimit", "placeholder"), ("favqs", "favqs-error", "Invalid request"),
            ("zenquotes", "badjson", "not valid JSON"), ("zenquotes", "badutf8", "not valid UTF-8"), ("zenquotes", "empty", "empty"),
            ("zenquotes", "huge", "larger than 256 KiB"), ("zenquotes", "huge-declared", "larger than 256 KiB"),
            ("zenquotes", "gzip-bomb", "larger than 256 KiB"),
            ("zenquotes", "hang", "deadline"), ("zenquotes", "trickle", "deadline"),
            ("zenquotes", "loop", "more than 5 redirects"), ("zenquotes", "tofile", "to a file URL"),
        ])
    func brokenReplies(type: String, route: String, reason: String) throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox(["type = \"\(type)\"\nurl = \"\(server.url(route))\""])
        let start = Date()
        let result = try sandbox.run(["refresh", "--config", config])
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
        #expect(elapsed < 4.0, "took \(elapsed) s")
        #expect(result.stdout.hasPrefix("failed ("))
        #expect(result.stdout.contains(reason), "\(result.stdout)")
        #expect(!result.stderr.contains("Fatal error"))
        #expect(Self.cacheText(sandbox) == Self.seededCache)
    }

    @Test(
        "Each preset's real payload shape, and any JSON API through pointers",
        arguments: [
            ("type = \"zenquotes\"\nurl = \"URL/zen\"", "Very little is needed to make a happy life.", "Marcus Aurelius"),
            ("type = \"dummyjson\"\nurl = \"URL/dummy\"", "Well done is better than well said.", "Benjamin Franklin"),
            ("type = \"favqs\"\nurl = \"URL/favqs\"", "Lost time is never found again.", "Benjamin Franklin"),
            (
                "type = \"api-ninjas\"\nurl = \"URL/ninjas\"\nheaders = { \"X-Api-Key\" = \"${TEST_NINJAS_KEY}\" }",
                "Little strokes fell great oaks.", "Benjamin Franklin"
            ),
            (
                "type = \"json\"\nurl = \"URL/custom\"\ntext = \"/data/items/0/words\"\nauthor = \"/data/items/0/by\"",
                "The journey of a thousand li commences with a single step.", "Laozi"
            ),
            ("type = \"zenquotes\"\nurl = \"URL/html\"", "Don’t panic & carry on.", "A <B>"),
            ("type = \"zenquotes\"\nurl = \"URL/redirect-ok\"", "Very little is needed to make a happy life.", "Marcus Aurelius"),
        ])
    func presets(source: String, text: String, author: String) throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox([source.replacingOccurrences(of: "URL/", with: server.url(""))])
        sandbox.extraEnvironment["TEST_NINJAS_KEY"] = "secret-key"
        let result = try sandbox.run(["refresh", "--config", config, "--json", "-vv"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("secret-key"))
        let cached = try #require(Self.cacheText(sandbox))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cached.utf8)) as? [String: Any])
        #expect(object["text"] as? String == text)
        #expect(object["author"] as? String == author)
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(outcome["result"] as? String == "fetched")
        let mode =
            try FileManager.default.attributesOfItem(atPath: sandbox.home.url("cache/dailyquote/quote.json"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("http_proxy from the environment is used, as curl uses it")
    func proxy() throws {
        let server = try QuoteServer()
        // `.invalid` never resolves: the quote can only come through the proxy.
        let (sandbox, config) = try Self.refreshSandbox(["type = \"zenquotes\"\nurl = \"http://quotes.invalid/zen\""])
        let direct = try sandbox.run(["refresh", "--config", config])
        #expect(direct.status == 75, "\(direct.stdout)")
        sandbox.extraEnvironment["http_proxy"] = server.url("")
        let proxied = try sandbox.run(["refresh", "--config", config])
        #expect(proxied.status == 0, "\(proxied.stdout)\(proxied.stderr)")
        #expect(Self.cacheText(sandbox)?.contains("Marcus Aurelius") == true)
    }

    @Test("The first source fails, the second succeeds: exit 0, both attempts recorded")
    func firstFailsSecondServes() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox([
            "type = \"zenquotes\"\nurl = \"\(server.url("500"))\"", "type = \"dummyjson\"\nurl = \"\(server.url("dummy"))\"",
        ])
        let result = try sandbox.run(["refresh", "--config", config])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("fetched \"Well done is better than well said.\" — Benjamin Franklin (dummyjson, "))
        let recorded = try String(contentsOfFile: sandbox.home.url("state/dailyquote/refresh.json"), encoding: .utf8)
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(recorded.utf8)) as? [String: Any])
        let attempts = try #require(outcome["attempts"] as? [[String: Any]])
        #expect(attempts.map { $0["outcome"] as? String } == ["failed", "accepted"])
        #expect(attempts.first?["error"] as? String == "HTTP 500")
    }

    @Test("A quote in the delivery history is refused; the next source is used")
    func noRepeats() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox([
            "type = \"zenquotes\"\nurl = \"\(server.url("zen"))\"", "type = \"dummyjson\"\nurl = \"\(server.url("dummy"))\"",
        ])
        let now = Int(Date().timeIntervalSince1970)
        try sandbox.home.write(
            "state/dailyquote/history.jsonl",
            #"{"author":"Marcus Aurelius","posted":"x","postedAt":\#(now - 86_400),"reason":"cache","server":"dunst","source":"zenquotes","text":"Very  little is needed to make a HAPPY life."}"#
                + "\n")
        let result = try sandbox.run(["refresh", "--config", config])
        #expect(result.status == 0)
        #expect(result.stdout.contains("(dummyjson, "), "\(result.stdout)")
    }

    @Test("The same quote again is 'unchanged' and leaves the cache alone; a corrupt cache is set aside")
    func unchangedAndCorrupt() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox(["type = \"zenquotes\"\nurl = \"\(server.url("zen"))\""])
        try sandbox.home.write("cache/dailyquote/quote.json", "{torn")
        let first = try sandbox.run(["refresh", "--config", config])
        #expect(first.status == 0)
        #expect(first.stderr.contains("corrupt"))
        #expect(try String(contentsOfFile: sandbox.home.url("cache/dailyquote/quote.json.corrupt"), encoding: .utf8) == "{torn")
        let before = Self.cacheText(sandbox)
        let second = try sandbox.run(["refresh", "--config", config])
        #expect(second.status == 0)
        #expect(second.stdout.hasPrefix("unchanged "))
        #expect(Self.cacheText(sandbox) == before)
    }

    @Test("Fortune and file sources are read locally")
    func localSources() throws {
        let sandbox = Sandbox()
        let fortune = try sandbox.home.write("fortunes", "Only record here, long enough.\n\t-- Fortune Author\n%\n")
        let file = try sandbox.home.write("quotes.txt", "# comment\nA line from my own file. -- Me\n")
        for (source, author) in [
            ("type = \"fortune\"\npath = \"\(fortune)\"", "Fortune Author"), ("type = \"file\"\npath = \"\(file)\"", "Me"),
        ] {
            let config = try sandbox.config("[[source]]\n\(source)\n", name: "\(author).toml")
            let result = try sandbox.run(["refresh", "--config", config])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(Self.cacheText(sandbox)?.contains(author) == true)
        }
    }

    @Test("refresh --dry-run lists sources and the deadline, never header values, and writes nothing")
    func refreshDryRun() throws {
        let sandbox = Sandbox()
        sandbox.extraEnvironment["TEST_NINJAS_KEY"] = "secret-key"
        let config = try sandbox.config(
            "[[source]]\ntype = \"api-ninjas\"\nheaders = { \"X-Api-Key\" = \"${TEST_NINJAS_KEY}\" }\n[[source]]\ntype = \"zenquotes\"\n")
        let result = try sandbox.run(["refresh", "--dry-run", "--config", config])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                would try, in order, within 20s:
                  1. api-ninjas https://api.api-ninjas.com/v1/quotes (headers: X-Api-Key)
                  2. zenquotes https://zenquotes.io/api/today
                and cache the quote in \(sandbox.home.url("cache/dailyquote/quote.json"))

                """)
        #expect(sandbox.home.contents() == ["etc", "etc/test.toml"])
    }

    @Test("A missing ${VAR} in a header is a config error naming the key (exit 78)")
    func missingVariable() throws {
        let sandbox = Sandbox()
        let config = try sandbox.config("[[source]]\ntype = \"api-ninjas\"\nheaders = { \"X-Api-Key\" = \"${NOT_SET_ANYWHERE}\" }\n")
        let result = try sandbox.run(["refresh", "--config", config])
        #expect(result.status == 78)
        #expect(result.stderr.contains("source[1].headers.X-Api-Key"), "\(result.stderr)")
        #expect(result.stderr.contains("NOT_SET_ANYWHERE"))
    }

    @Test("Five refresh processes at once: all succeed, serialised by the lock, and the cache parses")
    func concurrentRefresh() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox(["type = \"dummyjson\"\nurl = \"\(server.url("dummy"))\""])
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        let script =
            "jobs=''; for i in 1 2 3 4 5; do \"$DQ\" refresh --config \(config) >/dev/null 2>&1 & jobs=\"$jobs $!\"; done; "
            + "for j in $jobs; do wait $j; echo $?; done"
        let result = try ProcessRunner.run("/bin/bash", ["-c", script], environment: environment)
        #expect(result.stdout == "0\n0\n0\n0\n0\n", "\(result.stdout)\(result.stderr)")
        let cached = try #require(Self.cacheText(sandbox))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cached.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "Well done is better than well said.")
        #expect(sandbox.home.contents().filter { $0.contains(".quote.json.") }.isEmpty, "temp files left: \(sandbox.home.contents())")
    }

    @Test("kill -9 during a slow fetch leaves the old cache, intact and parseable")
    func killDuringFetch() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox(["type = \"zenquotes\"\nurl = \"\(server.url("trickle"))\""], timeout: "20s")
        let script = "\"$DQ\" refresh --config \(config) & pid=$!; sleep 1; kill -9 $pid; wait $pid; echo $?"
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        let result = try ProcessRunner.run("/bin/bash", ["-c", script], environment: environment)
        #expect(result.stdout == "137\n")
        let cached = try #require(Self.cacheText(sandbox))
        #expect(cached == Self.seededCache)
        #expect((try? JSONSerialization.jsonObject(with: Data(cached.utf8))) != nil)
    }
}
