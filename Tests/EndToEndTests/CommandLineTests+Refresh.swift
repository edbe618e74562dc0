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
        // The failure is an error: standard error, nothing on standard output.
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("dailyquote: error: failed ("), "\(result.stderr)")
        #expect(result.stderr.contains("\(type) (127.0.0.1:\(server.port)): "), "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
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
            (
                "type = \"json\"\nurl = \"URL/html\"\ntext = \"/0/q\"\nauthor = \"/0/a\"\nformat = \"html\"", "Don’t panic & carry on.",
                "A <B>"
            ),
            // Plain text (every preset, and json by default): exactly as written, `<`, `>` and `&amp;` included.
            ("type = \"zenquotes\"\nurl = \"URL/plain\"", "3 < 5 && 7 > 2 — \"quotes\" & 'marks' &amp; <b>kept</b>", "R&amp;D <Lab>"),
            (
                "type = \"json\"\nurl = \"URL/html\"\ntext = \"/0/q\"\nauthor = \"/0/a\"",
                "<p>Don&#8217;t <b>panic</b> &amp; carry on.</p>",
                "A &lt;B&gt;"
            ),
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
            #"{"author":"Marcus Aurelius","plannedAt":\#(now - 86_400),"posted":"x","postedAt":\#(now - 86_400),"reason":"cache","server":"dunst","source":"zenquotes","text":"Very  little is needed to make a HAPPY life."}"#
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

    @Test("Fortune and file sources are read locally, their text exactly as written (x < y stays)")
    func localSources() throws {
        let sandbox = Sandbox()
        let fortune = try sandbox.home.write("fortunes", "Less is more when x < y\n\t-- Fortune Author\n%\n")
        let file = try sandbox.home.write("quotes.txt", "# comment\n2 < 3 && 5 > 4 &amp; <i>so</i> -- Me\n")
        for (source, text, author) in [
            ("type = \"fortune\"\npath = \"\(fortune)\"", "Less is more when x < y", "Fortune Author"),
            ("type = \"file\"\npath = \"\(file)\"", "2 < 3 && 5 > 4 &amp; <i>so</i>", "Me"),
        ] {
            let config = try sandbox.config("[[source]]\n\(source)\n", name: "\(author).toml")
            let result = try sandbox.run(["refresh", "--config", config])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            let cached = try #require(Self.cacheText(sandbox))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(cached.utf8)) as? [String: Any])
            #expect(object["text"] as? String == text)
            #expect(object["author"] as? String == author)
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
        let json = try sandbox.run(["refresh", "--dry-run", "--json", "--config", config])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(!json.stdout.contains("secret-key"))
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
        #expect(plan["dryRun"] as? Bool == true)
        #expect(plan["timeout"] as? String == "20s")
        #expect(plan["cache"] as? String == sandbox.home.url("cache/dailyquote/quote.json"))
        let sources = try #require(plan["sources"] as? [[String: Any]])
        #expect(sources.map { $0["source"] as? String } == ["api-ninjas", "zenquotes"])
        #expect(sources.map { $0["host"] as? String } == ["api.api-ninjas.com", "zenquotes.io"])
        #expect(sources.map { $0["headers"] as? [String] } == [["X-Api-Key"], []])
        #expect(sandbox.home.contents() == ["etc", "etc/test.toml"])
    }

    @Test(
        "A ${VAR} that is not set fails its source at fetch time, not the config: the next source serves; config check warns; refresh --dry-run, status and doctor say so"
    )
    func missingVariable() throws {
        let sandbox = Sandbox()
        let quotes = try sandbox.home.write("quotes.txt", "A local quote stands in. -- Local\n")
        let config = try sandbox.config(
            "[[source]]\ntype = \"api-ninjas\"\nheaders = { \"X-Api-Key\" = \"${NOT_SET_ANYWHERE}\" }\n"
                + "[[source]]\ntype = \"file\"\npath = \"\(quotes)\"\n")
        let check = try sandbox.run(["config", "check", "--config", config])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "ok: \(config)\n")
        #expect(
            check.stderr.contains("warning: \(config): source[1].headers: the environment variable NOT_SET_ANYWHERE is not set"),
            "\(check.stderr)")
        let dryRun = try sandbox.run(["refresh", "--dry-run", "--config", config])
        #expect(dryRun.stdout.contains("(headers: X-Api-Key) (not asked: NOT_SET_ANYWHERE not set)"), "\(dryRun.stdout)")
        // Nothing leaves the machine: the source without its key is not asked.
        let result = try sandbox.run(["refresh", "--config", config, "--json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let attempts = try Self.refreshAttempts(result.stdout)
        #expect(attempts.map { $0["outcome"] as? String } == ["failed", "accepted"])
        #expect(attempts.first?["unsetVariables"] as? [String] == ["NOT_SET_ANYWHERE"])
        #expect((attempts.first?["error"] as? String)?.contains("NOT_SET_ANYWHERE") == true, "\(attempts)")
        #expect(try Self.cachedQuote(sandbox).text == "A local quote stands in.")
        let status = try sandbox.run(["status", "--config", config])
        let line = status.stdout.split(separator: "\n").first { $0.hasPrefix("last refresh:") } ?? ""
        #expect(line.contains("fetched \"A local quote stands in.\""), "\(status.stdout)")
        #expect(line.contains("api-ninjas (api.api-ninjas.com): not asked: the environment variable NOT_SET_ANYWHERE"), "\(line)")
        #expect(line.contains("~/.config/environment.d/"), "\(line)")
        let doctor = try sandbox.run(["doctor", "--offline", "--config", config])
        #expect(doctor.stdout.contains("FAIL secrets: NOT_SET_ANYWHERE not set here"), "\(doctor.stdout)")
        // No user manager here: the fix is this environment's.
        #expect(doctor.stdout.contains("fix: export them in the session that starts dailyquote"), "\(doctor.stdout)")
        // The delivery never needed the key.
        let notify = try sandbox.run(["notify", "--now", "--dry-run", "--config", config])
        #expect(notify.status == 0, "\(notify.stderr)")
    }

    @Test("Five refresh processes at once: all succeed, serialised by the lock, and the cache parses")
    func concurrentRefresh() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox(["type = \"dummyjson\"\nurl = \"\(server.url("dummy"))\""])
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["CONFIG"] = config
        let result = try ProcessRunner.run(RepositoryPaths.support("cli/concurrent-refresh.sh"), [], environment: environment)
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
        var environment = sandbox.environment
        environment["DQ"] = RepositoryPaths.binary
        environment["CONFIG"] = config
        let result = try ProcessRunner.run(RepositoryPaths.support("cli/kill-during-fetch.sh"), [], environment: environment)
        #expect(result.stdout == "137\n")
        let cached = try #require(Self.cacheText(sandbox))
        #expect(cached == Self.seededCache)
        #expect((try? JSONSerialization.jsonObject(with: Data(cached.utf8))) != nil)
    }

    /// The `attempts` of a `refresh --json` outcome.
    static func attempts(_ stdout: String) throws -> [[String: Any]] {
        let outcome = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], "\(stdout)")
        return try #require(outcome["attempts"] as? [[String: Any]])
    }

    @Test("A first source that never answers leaves the second its share: refresh succeeds within the deadline")
    func hangingSourceDoesNotStarve() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox([
            "type = \"zenquotes\"\nurl = \"\(server.url("hang"))\"", "type = \"dummyjson\"\nurl = \"\(server.url("dummy"))\"",
        ])
        let start = Date()
        let result = try sandbox.run(["refresh", "--config", config, "--json"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(elapsed < 4.5, "took \(elapsed) s")
        let attempts = try Self.attempts(result.stdout)
        #expect(attempts.map { $0["outcome"] as? String } == ["failed", "accepted"])
        #expect(attempts.map { $0["host"] as? String } == ["127.0.0.1:\(server.port)", "127.0.0.1:\(server.port)"])
        #expect((attempts.first?["error"] as? String)?.contains("deadline") == true, "\(attempts)")
        #expect(Self.cacheText(sandbox)?.contains("Well done is better than well said.") == true)
    }

    @Test("A source never tried because the deadline ran out is 'skipped', not failed, in JSON and in text")
    func untriedSourceIsSkipped() throws {
        let server = try QuoteServer()
        // 1 s is all the first source's minimum share: nothing is left for the second.
        let (sandbox, config) = try Self.refreshSandbox(
            ["type = \"zenquotes\"\nurl = \"\(server.url("hang"))\"", "type = \"dummyjson\"\nurl = \"\(server.url("dummy"))\""],
            timeout: "1s")
        let json = try sandbox.run(["refresh", "--config", config, "--json"])
        #expect(json.status == 75, "\(json.stdout)\(json.stderr)")
        let attempts = try Self.attempts(json.stdout)
        #expect(attempts.map { $0["outcome"] as? String } == ["failed", "skipped"])
        #expect(attempts.last?["error"] == nil)
        let text = try sandbox.run(["refresh", "--config", config])
        #expect(text.status == 75)
        #expect(text.stderr.contains("dummyjson (127.0.0.1:\(server.port)): skipped"), "\(text.stderr)")
        #expect(!text.stderr.contains("dummyjson (127.0.0.1:\(server.port)): deadline"), "\(text.stderr)")
        #expect(Self.cacheText(sandbox) == Self.seededCache)
    }

    @Test("Attempts name the host with its port, never the URL's path, query or headers")
    func attemptsNameTheHost() throws {
        let server = try QuoteServer()
        let (sandbox, config) = try Self.refreshSandbox([
            "type = \"zenquotes\"\nurl = \"\(server.url("500?key=query-secret"))\"\nheaders = { \"X-Token\" = \"header-secret\" }",
            "type = \"zenquotes\"\nurl = \"http://localhost:\(server.port)/500\"",
        ])
        let result = try sandbox.run(["refresh", "--config", config, "-vv"])
        #expect(result.status == 75)
        #expect(
            result.stderr.contains(
                "failed (")
                && result.stderr.contains("zenquotes (127.0.0.1:\(server.port)): HTTP 404; zenquotes (localhost:\(server.port)): HTTP 500"),
            "\(result.stderr)")
        let recorded = try String(contentsOfFile: sandbox.home.url("state/dailyquote/refresh.json"), encoding: .utf8)
        for output in [result.stdout, result.stderr, recorded] {
            #expect(!output.contains("query-secret") && !output.contains("header-secret") && !output.contains("/500"), "\(output)")
        }
    }

    @Test("libcurl's message is said once: an unresolvable host")
    func unresolvableHost() throws {
        // `.invalid` never resolves (RFC 2606), so nothing leaves the machine but a resolver query.
        let (sandbox, config) = try Self.refreshSandbox(["type = \"zenquotes\"\nurl = \"http://nonexistent.invalid/\""])
        let result = try sandbox.run(["refresh", "--config", config])
        #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("zenquotes (nonexistent.invalid): "), "\(result.stderr)")
        #expect(result.stderr.lowercased().components(separatedBy: "resolve").count == 2, "\(result.stderr)")
        #expect(!result.stderr.contains("Couldn't resolve host name"), "\(result.stderr)")
    }
}
