import ArgumentParser
import DailyQuoteKit

/// The argument lines `DailyQuote.main` answers without swift-argument-parser: `--version`
/// alone, and `notify` with nothing but its own options, each at most once.
///
/// ArgumentParser's first parse reflects over the command tree and asks the runtime for dozens
/// of protocol conformances: it would double `notify --now` (10.0 million instructions here,
/// 20.0 million through ArgumentParser) and miss its goal against `notify-send`
/// (docs/performance.md). The timers run `notify` many times a day, so its plain lines skip that.
/// Anything else, a help request, a mistake or a repeated option among it, goes to
/// ArgumentParser, which alone writes usage and error messages; `QuickRouteTests` hold every
/// route to what ArgumentParser parses from the same line.
enum QuickRoute: Equatable {
    /// Print the version.
    case version
    case notify(NotifyCommand.Request)
    /// `hold`, exactly as `notify` starts its holder.
    case hold

    /// The route for `arguments` (as ``GlobalOptionRouting/normalise(_:root:)`` returns them:
    /// the subcommand first), or nil for ArgumentParser to parse.
    init?(_ arguments: [String]) {
        if arguments == ["--version"] {
            self = .version
            return
        }
        if arguments == [HoldCommand.configuration.commandName] {
            self = .hold
            return
        }
        guard arguments.first == NotifyCommand.configuration.commandName else { return nil }
        var request = NotifyCommand.Request()
        // The options seen (an array: a `Set`'s first use costs more than this whole parse).
        var seen: [String] = []
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            var name = argument
            var value: String?
            if argument.hasPrefix("--config=") {
                name = "--config"
                value = String(argument.dropFirst("--config=".count))
            } else if argument == "--config" {
                value = rest.popFirst()
            }
            // -v, -vv and --verbose count; every other option is allowed once.
            if GlobalOptionRouting.isShortVerbose(argument) {
                request.verbosity += argument.utf8.count - 1
                continue
            }
            if argument == "--verbose" {
                request.verbosity += 1
                continue
            }
            guard !seen.contains(name) else { return nil }
            seen.append(name)
            switch name {
            case "--now": request.now = true
            case "--json": request.json = true
            case "--dry-run": request.mode = .dryRun
            case "--config":
                // A value that looks like an option (or is missing or empty) is ArgumentParser's to judge.
                guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
                request.config = value
            default: return nil
            }
        }
        self = .notify(request)
    }
}
