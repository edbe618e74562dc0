import TestSupport
import Testing

@testable import DailyQuoteKit

@Suite("ConfigParser")
struct ConfigParserTests {
    let parser = ConfigParser(zones: Zones.database, environment: ["MULTILINE": "line\nbreak", "HOME": "/home/ada"])
    let file = "/home/ada/.config/dailyquote/config.toml"

    func parse(_ text: String) throws(ConfigError) -> Config { try parser.parse(text, file: file) }

    /// Parses `text`, expecting a ``ConfigError``, and returns it.
    func failure(_ text: String) -> ConfigError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("An empty file is the built-in defaults")
    func emptyIsDefaults() throws {
        #expect(try parse("") == .defaults)
        #expect(try parse("# only a comment\n") == .defaults)
    }

    @Test(
        "A NUL or another control character is an error with its line and column, wherever it stands",
        arguments: [
            ("[delivery]\nhour = 9\n\u{0}\nhour = 99\n", 3, 1, nil),  // toml++ stopped reading at the NUL
            (String(repeating: "\u{0}", count: 512), 1, 1, nil),  // a file of NULs after a crash
            ("[delivery]\nhour = 9\u{0}\n", 2, 9, "delivery.hour"),
            ("[notification]\ntitle = \"a\u{1B}[31mb\"\n", 2, 11, "notification.title"),
            ("# a comment with a form feed \u{0C}\n", 1, 30, nil),
            ("[delivery]\nhour = 9 # \u{7F}\n", 2, 12, "delivery.hour"),
        ] as [(String, Int, Int, String?)])
    func controlCharacters(text: String, line: Int, column: Int, key: String?) {
        let error = failure(text)
        #expect(error?.problem == .invalidTOML)
        #expect(error?.line == line)
        #expect(error?.key == key)
        #expect(error?.detail.contains("control character U+") == true, "\(String(describing: error))")
        #expect(error?.detail.contains("at column \(column);") == true, "\(String(describing: error))")
    }

    @Test(
        "A title's control characters are refused written as escapes too, and a NUL escape anywhere (toml++ would cut the string)",
        arguments: [
            ("title = \"bell\\u0007\"", "notification.title", "the title has the control character U+0007"),
            ("title = \"red \\u001b[31m\"", "notification.title", "U+001B (escape)"),
            ("title = \"two\\nlines\"", "notification.title", "U+000A"),
            ("title = \"tab\\there\"", "notification.title", "U+0009"),
            ("title = \"cut\\u0000here\"", "notification.title", "U+0000 (NUL) written as an escape at column 13"),
            ("icon = \"x\\U00000000\"", "notification.icon", "U+0000 (NUL) written as an escape"),
        ] as [(String, String, String)])
    func titleControlCharacters(line: String, key: String, detail: String) {
        let error = failure("[notification]\n" + line + "\n")
        #expect(error?.key == key, "\(String(describing: error))")
        #expect(error?.line == 2)
        #expect(error?.detail.contains(detail) == true, "\(String(describing: error))")
    }

    @Test("A title is at most 100 characters; an escaped backslash before u0000 is no NUL")
    func titleLength() throws {
        #expect(try parse("[notification]\ntitle = \"\(String(repeating: "é", count: 100))\"\n").notification.title?.count == 100)
        let error = failure("[notification]\ntitle = \"\(String(repeating: "x", count: 10_000))\"\n")
        #expect(error?.key == "notification.title")
        #expect(error?.detail == "the title is 10000 characters long (at most 100)", "\(String(describing: error))")
        let escapedBackslash = "[notification]\ntitle = \"C:\\\\u0000\"\n"
        #expect(try parse(escapedBackslash).notification.title == "C:\\u0000")
    }

    @Test("Tabs and CRLF line ends are not control-character errors")
    func tabsAndCRLF() throws {
        let config = try parse("[delivery]\r\n\thour = 9\t# nine\r\n")
        #expect(config.delivery.hour == 9)
    }

    @Test("Every key is read")
    func fullConfig() throws {
        let config = try parse(
            """
            [delivery]
            hour = 7
            minute = 45
            weekdays = ["Mon", "wed", "FRI"]
            time_zone = "America/New_York"
            catch_up = "1h30m"

            [refresh]
            lead = "10m"
            timeout = "2m"
            """)
        #expect(config.delivery.hour == 7)
        #expect(config.delivery.minute == 45)
        #expect(config.delivery.weekdays == WeekdaySet([.monday, .wednesday, .friday]))
        #expect(config.delivery.timeZone == "America/New_York")
        #expect(config.delivery.catchUp == .minutes(90))
        #expect(config.refresh.lead == .minutes(10))
        #expect(config.refresh.timeout == .seconds(120))
    }

    @Test("Sources: presets default to ZenQuotes; ${VAR} in headers comes from the environment")
    func sources() throws {
        #expect(try parse("").sources == [SourceConfig(kind: .zenquotes)])
        let withKey = ConfigParser(zones: Zones.database, environment: ["KEY": "s3cret"])
        let config = try withKey.parse(
            "[[source]]\ntype = \"api-ninjas\"\nheaders = { \"X-Api-Key\" = \"Bearer ${KEY}!\" }\n[[source]]\ntype = \"zenquotes\"\nendpoint = \"random\"\n",
            file: file)
        #expect(config.sources.count == 2)
        #expect(config.sources[0].headers == ["X-Api-Key": "Bearer s3cret!"])
        #expect(config.sources[1].effectiveURL == "https://zenquotes.io/api/random")
        #expect(config.sources[1].isRandom)
    }

    @Test("A header's ${VAR} that is not set is no config error: the source records it, and config check's warnings say where")
    func unsetVariable() throws {
        let config = try parse(
            "[[source]]\ntype = \"api-ninjas\"\nheaders = { \"X-Api-Key\" = \"${NINJAS}\", \"X-Home\" = \"${HOME}\" }\n"
                + "[[source]]\ntype = \"zenquotes\"\n")
        #expect(config.sources[0].headerVariables == ["NINJAS", "HOME"])
        #expect(config.sources[0].unsetVariables == ["NINJAS"])
        #expect(config.sources[1].unsetVariables.isEmpty)
        #expect(
            config.secretWarnings(managerEnvironment: nil) == [
                "source[1].headers: the environment variable NINJAS is not set; refresh will skip this source until it is"
            ])
        let manager = config.secretWarnings(managerEnvironment: ["NINJAS": "k"])
        #expect(manager.count == 2, "\(manager)")
        #expect(manager[0].hasSuffix("(the systemd user manager has it, so the timers can send it)"))
        #expect(manager[1].hasPrefix("source[1].headers: HOME is set here but not in the systemd user manager's environment"))
        #expect(failure("[[source]]\ntype = \"zenquotes\"\nheaders = { \"X\" = \"${}\" }\n")?.key == "source[1].headers.X")
    }

    @Test(
        "Source paths: ~, ~/, $HOME and ${HOME} at the start are the home directory",
        arguments: [
            ("~", "/home/ada"), ("~/quotes.txt", "/home/ada/quotes.txt"), ("$HOME/q.json", "/home/ada/q.json"),
            ("${HOME}/q.json", "/home/ada/q.json"), ("$HOME", "/home/ada"), ("/etc/q.txt", "/etc/q.txt"), ("/a/~/b", "/a/~/b"),
        ])
    func paths(written: String, expanded: String) throws {
        #expect(try parse("[[source]]\ntype = \"file\"\npath = \"\(written)\"\n").sources[0].path == expanded)
    }

    @Test("format: text by default, html on json sources")
    func format() throws {
        #expect(try parse("[[source]]\ntype = \"zenquotes\"\n").sources[0].format == .text)
        let json = "[[source]]\ntype = \"json\"\nurl = \"https://x.example/q\"\ntext = \"/q\"\n"
        #expect(try parse(json).sources[0].format == .text)
        #expect(try parse(json + "format = \"html\"\n").sources[0].format == .html)
    }

    @Test("catch_up = \"0\" disables catch-up")
    func zeroCatchUp() throws {
        #expect(try parse("[delivery]\nhour = 8\ncatch_up = \"0\"\n").delivery.catchUp == .seconds(0))
    }

    @Test("delivery.wait_for_presence: true by default, false turns the wait off, a non-boolean names the key")
    func waitForPresence() throws {
        #expect(try parse("[delivery]\nhour = 8\n").delivery.waitForPresence)
        #expect(try !parse("[delivery]\nhour = 8\nwait_for_presence = false\n").delivery.waitForPresence)
        #expect(try parse("[delivery]\nhour = 8\nwait_for_presence = true\n").delivery.waitForPresence)
        let error = #expect(throws: ConfigError.self) { try parse("[delivery]\nhour = 8\nwait_for_presence = \"yes\"\n") }
        #expect(error?.problem == .wrongType)
        #expect(error?.key == "delivery.wait_for_presence")
        #expect(error?.line == 3)
    }

    /// One malformed config and what its error must say.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var text: String
        var kind: ConfigError.Problem
        var key: String
        var line: Int
        /// A fragment the message must contain.
        var fragment: String

        init(_ text: String, _ kind: ConfigError.Problem, _ key: String, _ line: Int, _ fragment: String) {
            (self.text, self.kind, self.key, self.line, self.fragment) = (text, kind, key, line, fragment)
        }

        var testDescription: String { "\(kind) \(key)" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase("[delivery]\nhour = 8\nminit = 5\n", .unknownKey, "delivery.minit", 3, "\"delivery.minute\""),
        ErrorCase("[delivry]\nhour = 8\n", .unknownKey, "delivry", 1, "\"delivery\""),
        ErrorCase("[delivery]\nhour = \"eight\"\n", .wrongType, "delivery.hour", 2, "found string \"eight\""),
        ErrorCase("[delivery]\nhour = 8\nminute = 7.5\n", .wrongType, "delivery.minute", 3, "found float 7.5"),
        ErrorCase("delivery = 8\n", .wrongType, "delivery", 1, "expected a table"),
        ErrorCase("[delivery]\nhour = 25\n", .outOfRange, "delivery.hour", 2, "allowed 0-23"),
        ErrorCase("[delivery]\nhour = 8\nminute = -1\n", .outOfRange, "delivery.minute", 3, "allowed 0-59"),
        ErrorCase("[refresh]\ntimeout = \"5m\"\n", .outOfRange, "refresh.timeout", 2, "allowed 1s to 2m"),
        ErrorCase("[refresh]\nlead = \"45 minutes\"\n", .invalidValue, "refresh.lead", 2, "is not a duration"),
        ErrorCase("[refresh]\nlead = 45\n", .wrongType, "refresh.lead", 2, "found integer 45"),
        ErrorCase(
            "[delivery]\nhour = 8\ntime_zone = \"Europe/Berln\"\n", .invalidValue, "delivery.time_zone", 3, "did you mean \"Europe/Berlin\""
        ),
        ErrorCase("[delivery]\nhour = 8\ntime_zone = \"../../etc/passwd\"\n", .invalidValue, "delivery.time_zone", 3, "unknown time zone"),
        ErrorCase("[delivery]\nhour = 8\nweekdays = [\"monday\"]\n", .invalidValue, "delivery.weekdays", 3, "\"monday\" is not a weekday"),
        ErrorCase("[delivery]\nhour = 8\nweekdays = []\n", .invalidValue, "delivery.weekdays", 3, "the list is empty"),
        ErrorCase("[delivery]\nhour = 8\nweekdays = \"mon\"\n", .wrongType, "delivery.weekdays", 3, "found string \"mon\""),
        ErrorCase("[notification]\nurgency = \"loud\"\n", .invalidValue, "notification.urgency", 2, "use low, normal or critical"),
        ErrorCase("[notification]\nexpire = \"later\"\n", .invalidValue, "notification.expire", 2, "is not an expiry"),
        ErrorCase("[notification]\ntimeout = \"5m\"\n", .outOfRange, "notification.timeout", 2, "allowed 1s to 1m"),
        ErrorCase("[notification]\ntitel = \"x\"\n", .unknownKey, "notification.titel", 2, "\"notification.title\""),
        ErrorCase("[[source]]\ntype = \"zenquote\"\n", .invalidValue, "source[1].type", 2, "did you mean \"zenquotes\""),
        ErrorCase(
            "[[source]]\ntype = \"json\"\nurl = \"file:///etc/passwd\"\n", .invalidValue, "source[1].url", 3, "not an http or https URL"),
        ErrorCase(
            "[[source]]\ntype = \"zenquotes\"\n[[source]]\ntype = \"json\"\nurl = \"https://x.example/q\"\n", .missingKey, "source[2].text",
            3, "needs a text pointer"),
        ErrorCase(
            "[[source]]\ntype = \"json\"\nurl = \"https://x.example/q\"\ntext = \"quote\"\n", .invalidValue, "source[1].text", 4,
            "not a JSON Pointer"),
        ErrorCase("[[source]]\ntype = \"fortune\"\n", .missingKey, "source[1].path", 1, "needs a path"),
        ErrorCase("[[source]]\ntype = \"api-ninjas\"\n", .missingKey, "source[1].headers", 1, "needs headers"),
        ErrorCase("[[source]]\ntype = \"dummyjson\"\nendpoint = \"random\"\n", .invalidValue, "source[1].endpoint", 3, "only zenquotes"),
        ErrorCase("[[source]]\ntype = \"zenquotes\"\nurll = \"x\"\n", .unknownKey, "source[1].urll", 3, "\"source[1].url\""),
        ErrorCase("[delivery]\ntime_zone = \"UTC\"\ncatch_up = \"25h\"\n", .outOfRange, "delivery.catch_up", 3, "25h"),
        ErrorCase(
            "[[source]]\ntype = \"api-ninjas\"\nheaders = { \"X-Api-Key\" = \"key\\r\\nX-Evil: 1\" }\n", .invalidValue,
            "source[1].headers.X-Api-Key", 3, "contains a line break"),
        ErrorCase(
            "[[source]]\ntype = \"api-ninjas\"\nheaders = { \"X-Api-Key\" = \"${MULTILINE}\" }\n", .invalidValue,
            "source[1].headers.X-Api-Key", 3, "line break (after ${…} expansion)"),
        ErrorCase(
            "[[source]]\ntype = \"zenquotes\"\nheaders = { \"X-Bad Name\" = \"v\" }\n", .invalidValue, "source[1].headers.X-Bad Name", 3,
            "not a header name"),
        ErrorCase("\nsource = []\n", .invalidValue, "source", 2, "the source list is empty; remove the key for the default source"),
        ErrorCase("[[source]]\ntype = \"file\"\npath = \"quotes.txt\"\n", .invalidValue, "source[1].path", 3, "is a relative path"),
        ErrorCase("[[source]]\ntype = \"fortune\"\npath = \"./fortunes\"\n", .invalidValue, "source[1].path", 3, "is a relative path"),
        ErrorCase("[[source]]\ntype = \"file\"\npath = \"~ada/q.txt\"\n", .invalidValue, "source[1].path", 3, "only ~, ~/, $HOME"),
        ErrorCase("[[source]]\ntype = \"file\"\npath = \"$HOMEDIR/q\"\n", .invalidValue, "source[1].path", 3, "is a relative path"),
        ErrorCase("[[source]]\ntype = \"file\"\npath = \"\"\n", .invalidValue, "source[1].path", 3, "the path is empty"),
        ErrorCase("[[source]]\ntype = \"zenquotes\"\nformat = \"html\"\n", .invalidValue, "source[1].format", 3, "only json sources"),
        ErrorCase(
            "[[source]]\ntype = \"fortune\"\npath = \"/f\"\nformat = \"text\"\n", .invalidValue, "source[1].format", 4, "only json sources"),
        ErrorCase(
            "[[source]]\ntype = \"json\"\nurl = \"https://x.example/q\"\ntext = \"/q\"\nformat = \"markdown\"\n", .invalidValue,
            "source[1].format", 5, "use \"text\" (the default) or \"html\""),
    ]

    @Test("Each class of error names the key, the line and the problem", arguments: errorCases)
    func errors(_ c: ErrorCase) throws {
        let (text, kind, key, line, fragment) = (c.text, c.kind, c.key, c.line, c.fragment)
        let error = try #require(failure(text))
        #expect(error.problem == kind)
        #expect(error.key == key)
        #expect(error.line == line)
        #expect(error.file == file)
        let message = try #require(error.errorDescription)
        #expect(message.hasPrefix("\(file):\(line): \(key): "), "\(message)")
        #expect(message.contains(fragment), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test("Invalid TOML reports the line and column of the syntax error")
    func invalidTOML() throws {
        let error = try #require(failure("[delivery]\nhour = 8\nminute = = 3\n"))
        #expect(error.problem == .invalidTOML)
        #expect(error.line == 3)
        #expect(error.errorDescription?.contains("invalid TOML") == true)
    }
}
