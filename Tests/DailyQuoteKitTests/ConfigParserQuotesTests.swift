import TestSupport
import Testing

@testable import DailyQuoteKit

/// `[quotes]` and a fortune source's `encoding`, parsed by ConfigParser+Quotes.
@Suite("ConfigParser [quotes]")
struct ConfigParserQuotesTests {
    let parser = ConfigParser(zones: Zones.database, environment: ["HOME": "/home/ada"])
    let file = "/home/ada/.config/dailyquote/config.toml"

    func parse(_ text: String) throws(ConfigError) -> Config { try parser.parse(text, file: file) }

    @Test("Every [quotes] key is read; absent keys mean no filter")
    func everyKey() throws {
        let config = try parse(
            """
            [quotes]
            min_length = 0
            max_length = 1000
            exclude_authors = ["Anonymous", "  Unknown "]
            include_authors = ["Seneca"]
            """)
        #expect(
            config.quotes
                == QuotesConfig(minLength: 0, maxLength: 1000, excludeAuthors: ["Anonymous", "  Unknown "], includeAuthors: ["Seneca"]))
        #expect(try parse("[quotes]\n").quotes == QuotesConfig())
        #expect(
            try parse("[quotes]\nexclude_authors = []\nmin_length = 5\nmax_length = 5\n").quotes == QuotesConfig(minLength: 5, maxLength: 5)
        )
    }

    @Test("A fortune source's encoding is kept as written; any ASCII-compatible name iconv knows is allowed")
    func encodings() throws {
        for name in ["UTF-8", "utf8", "latin1", "ISO-8859-1", "ISO-8859-3", "koi8-r", "CP1251", "GBK", "GB2312"] {
            let config = try parse("[[source]]\ntype = \"fortune\"\npath = \"/f\"\nencoding = \"\(name)\"\n")
            #expect(config.sources.first?.encoding == name)
        }
        #expect(try parse("[[source]]\ntype = \"fortune\"\npath = \"/f\"\n").sources.first?.encoding == nil)
    }

    static let errorCases: [(String, ConfigError.Problem, String, Int, String)] = [
        ("[quotes]\nmin_length = -1\n", .outOfRange, "quotes.min_length", 2, "-1 is out of range; allowed 0-1000"),
        ("[quotes]\nmax_length = -20\n", .outOfRange, "quotes.max_length", 2, "allowed 1-1000"),
        ("[quotes]\nmax_length = 0\n", .outOfRange, "quotes.max_length", 2, "allowed 1-1000"),
        ("[quotes]\nmax_length = 1001\n", .outOfRange, "quotes.max_length", 2, "allowed 1-1000"),
        ("[quotes]\nmax_length = 12.5\n", .wrongType, "quotes.max_length", 2, "found float"),
        ("[quotes]\nmin_length = \"10\"\n", .wrongType, "quotes.min_length", 2, "found string \"10\""),
        ("[quotes]\nmax_length = 50\nmin_length = 80\n", .invalidValue, "quotes.min_length", 3, "80 is greater than max_length 50"),
        ("[quotes]\nexclude_authors = [\"Ann\", 7]\n", .wrongType, "quotes.exclude_authors", 2, "found an element integer 7"),
        ("[quotes]\nexclude_authors = \"Ann\"\n", .wrongType, "quotes.exclude_authors", 2, "a list of author names"),
        ("[quotes]\ninclude_authors = [true]\n", .wrongType, "quotes.include_authors", 2, "found an element boolean true"),
        ("[quotes]\ninclude_authors = []\n", .invalidValue, "quotes.include_authors", 2, "the list is empty"),
        ("[quotes]\nexclude_authors = [\"Ann\", \"  \"]\n", .invalidValue, "quotes.exclude_authors", 2, "entry 2 is blank"),
        ("[quotes]\nmax_lenght = 5\n", .unknownKey, "quotes.max_lenght", 2, "\"quotes.max_length\""),
        ("quotes = 5\n", .wrongType, "quotes", 1, "expected a table"),
        (
            "[[source]]\ntype = \"fortune\"\npath = \"/f\"\nencoding = \"klingon-8\"\n", .invalidValue, "source[1].encoding", 4,
            "\"klingon-8\" is not a known encoding"
        ),
        ("[[source]]\ntype = \"fortune\"\npath = \"/f\"\nencoding = \"UTF-16\"\n", .invalidValue, "source[1].encoding", 4, "keeps ASCII"),
        (
            "[[source]]\ntype = \"fortune\"\npath = \"/f\"\nencoding = \"latin1//IGNORE\"\n", .invalidValue, "source[1].encoding", 4,
            "not a known"
        ),
        ("[[source]]\ntype = \"fortune\"\npath = \"/f\"\nencoding = 1\n", .wrongType, "source[1].encoding", 4, "an encoding name"),
        (
            "[[source]]\ntype = \"file\"\npath = \"/f\"\nencoding = \"latin1\"\n", .invalidValue, "source[1].encoding", 4,
            "only fortune sources"
        ),
    ]

    @Test("Bad [quotes] values and encodings name the file, the line and the key", arguments: errorCases)
    func errors(text: String, kind: ConfigError.Problem, key: String, line: Int, fragment: String) throws {
        var caught: ConfigError?
        do {
            _ = try parse(text)
        } catch {
            caught = error
        }
        let error = try #require(caught, "\(text) parsed")
        #expect(error.problem == kind)
        let message = try #require(error.errorDescription)
        #expect(message.hasPrefix("\(file):\(line): \(key): "), "\(message)")
        #expect(message.contains(fragment), "\(message)")
    }
}
