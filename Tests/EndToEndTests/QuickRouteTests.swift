import ArgumentParser
import Testing

@testable import DailyQuoteKit
@testable import DailyQuoteSystem
@testable import dailyquote

/// The lines `DailyQuote.main` parses without ArgumentParser, held to what ArgumentParser parses
/// from the same line.
@Suite("QuickRoute")
struct QuickRouteTests {
    /// What ArgumentParser makes of `line` (as typed, before the global options are moved).
    static func parsed(_ line: [String]) throws -> NotifyCommand.Request? {
        let arguments = try GlobalOptionRouting.normalise(line, root: DailyQuote.self)
        return (try DailyQuote.parseAsRoot(arguments) as? NotifyCommand)?.request
    }

    static func route(_ line: [String]) throws -> QuickRoute? {
        QuickRoute(try GlobalOptionRouting.normalise(line, root: DailyQuote.self))
    }

    @Test(
        "notify's plain lines take the quick route, with the values ArgumentParser parses",
        arguments: [
            ["notify"], ["notify", "--now"], ["notify", "--now", "--config", "/tmp/a.toml"], ["notify", "--config=/tmp/a=b.toml", "--now"],
            ["--config", "x.toml", "notify", "--now"], ["notify", "--json", "--dry-run", "--now"], ["notify", "--dry-run"],
            ["-v", "notify"], ["notify", "-vv", "--verbose", "-v"], ["notify", "--json", "--config", "notify"],
            ["-vvv", "notify", "--now"],
        ])
    func quick(line: [String]) throws {
        guard case .notify(let request) = try Self.route(line) else {
            Issue.record("\(line) is not routed quickly")
            return
        }
        #expect(request == (try Self.parsed(line)), "\(line)")
    }

    @Test("The values land where ArgumentParser puts them")
    func values() throws {
        let request = NotifyCommand.Request(config: "c.toml", verbosity: 3, mode: .dryRun, now: true, json: true)
        #expect(try Self.route(["-v", "notify", "--now", "--config", "c.toml", "-vv", "--json", "--dry-run"]) == .notify(request))
        #expect(try Self.route(["notify"]) == .notify(NotifyCommand.Request()))
    }

    @Test(
        "Everything else is ArgumentParser's: help, mistakes, repeats, other commands",
        arguments: [
            [], ["run"], ["notify", "--help"], ["notify", "-h"], ["help", "notify"], ["notify", "--now", "--now"],
            ["notify", "--config", "a", "--config", "b"], ["notify", "--config", "a", "--config=b"], ["notify", "--config"],
            ["notify", "--config="], ["notify", "--config", "--now"], ["notify", "--config", "-"], ["notify", "--bogus"],
            ["notify", "now"], ["notify", "--", "--now"], ["notify", "-x"], ["notify", "-vx"], ["notify", ""], ["--version", "notify"],
            ["notify", "--version"], ["notify", "--generate-completion-script", "bash"], ["notify", "--now=true"], ["schedule"],
            ["--dry-run"], ["show", "--json"], ["notify", "--experimental-dump-help"], ["notify", "---completion"],
        ])
    func slow(line: [String]) throws {
        #expect(try Self.route(line) == nil, "\(line)")
    }

    @Test("The holder's line, `hold` exactly as notify starts it, takes the quick route; with anything else it is ArgumentParser's")
    func hold() throws {
        #expect(try Self.route(["hold"]) == .hold)
        #expect(try DailyQuote.parseAsRoot(["hold"]) is HoldCommand)
        for line in [["hold", "--help"], ["hold", "-v"], ["--config", "x.toml", "hold"], ["hold", "x"]] {
            #expect(try Self.route(line) == nil, "\(line)")
        }
    }

    @Test("--version alone is answered with the version ArgumentParser prints")
    func version() throws {
        #expect(try Self.route(["--version"]) == .version)
        do {
            _ = try DailyQuote.parseAsRoot(["--version"])
            Issue.record("ArgumentParser parsed --version as a command")
        } catch {
            #expect(DailyQuote.fullMessage(for: error) == DailyQuote.configuration.version)
            #expect(DailyQuote.exitCode(for: error) == .success)
        }
    }
}
