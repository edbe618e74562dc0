import Testing

@testable import DailyQuoteKit

@Suite("TOMLAbortGuard")
struct TOMLAbortGuardTests {
    /// The fuzzer's finding: each of these made toml++ abort the process (SIGABRT).
    @Test(
        "Headers whose first key cannot start a key are caught, with their line",
        arguments: [
            ("[#", 1), ("[.]", 1), ("[[#", 1), ("[", 1), ("[\na]", 1), ("hour = 7\n\n[ #x]\n", 3), ("[a]\nb = 1\n[[ .x]]", 3),
            ("\u{FEFF}[=delivery]", 1),
        ])
    func broken(text: String, line: Int) {
        #expect(TOMLAbortGuard.firstProblem(in: text)?.line == line)
    }

    @Test(
        "Valid headers, blank headers (toml++ reports those itself), and brackets inside values pass",
        arguments: [
            "[delivery]\nhour = 8\n", "[ \"quoted\" ]", "[[source]]\ntype = \"file\"", "[ ]", "x = [\n  [1, 2],\n  [ # comment\n 3 ],\n]\n",
            "x = \"\"\"\n[#\n\"\"\"\n[a]", "x = '''\n[.]'''", "a = \"[#\"\n[b]", "[t] # [#", "a = { b = [ ] }\n[c]",
        ])
    func passes(text: String) {
        #expect(TOMLAbortGuard.firstProblem(in: text) == nil)
    }

    @Test(
        "A closing brace where an array expects a value (toml++'s second abort) is caught",
        arguments: [
            ("s=[}", 1), ("s=[1,}", 1), ("s = [ \"a\", } ]", 1), ("s = { a = [ } }", 1), ("hour = 7\ns=[1,\n}", 3),
        ])
    func mismatched(text: String, line: Int) {
        #expect(TOMLAbortGuard.firstProblem(in: text)?.line == line)
        #expect(TOMLAbortGuard.firstProblem(in: text)?.reason == "'}' closes a '['")
    }

    @Test("The parser turns it into a config error (exit 78), not a crash")
    func parserError() {
        let parser = ConfigParser(zones: TimeZoneDatabase(environment: [:]))
        #expect(throws: ConfigError.self) { try parser.parse("[#", file: "c.toml") }
        do {
            _ = try parser.parse("[delivery]\nhour = 7\n[ .x]\n", file: "c.toml")
        } catch {
            #expect(error.errorDescription == "c.toml:3: invalid TOML: a table header must start with a key")
        }
    }
}
