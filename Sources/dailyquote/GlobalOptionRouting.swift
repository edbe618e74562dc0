import ArgumentParser
import DailyQuoteKit

/// Lets global options stand anywhere (`dailyquote --config F schedule`, `dailyquote config
/// --config F check`), and names a mistyped subcommand instead of showing `run`'s usage.
///
/// ArgumentParser reads an option only after the subcommand that declares it, and with `run`
/// as the default subcommand, a word that is no subcommand would be handed to `run`. This
/// moves every `--config`/`-v` option to just after the subcommand path.
enum GlobalOptionRouting {
    /// A word where a subcommand was expected.
    struct UnknownCommand: Error, Equatable {
        /// The commands before it (`dailyquote config`).
        var parent: String
        var word: String
        var suggestion: String?
        var commands: [String]

        /// The one-line message, such as `unknown command 'notfy' (did you mean 'notify'?); see 'dailyquote --help'`.
        var message: String {
            let hint = suggestion.map { "did you mean '\($0)'?" } ?? "the commands are \(commands.joined(separator: ", "))"
            return GlobalOptionRouting.usageLine("unknown command '\(word)' (\(hint))", command: parent)
        }
    }

    /// A usage mistake in its one shape, `MISTAKE; see 'COMMAND --help'`: the same for an unknown
    /// command, an unknown option and a bad value, whichever command they were typed for.
    static func usageLine(_ mistake: String, command: String) -> String {
        let text = mistake.hasSuffix(".") ? String(mistake.dropLast()) : mistake
        return "\(text); see '\(command) --help'"
    }

    /// `dailyquote` and the subcommands that lead `arguments` (as ``normalise(_:root:)`` returns
    /// them): the command a usage mistake belongs to, such as `dailyquote config check`.
    static func commandPath(_ arguments: [String], root: ParsableCommand.Type) -> String {
        var path = [root._commandName]
        var command = root
        for word in arguments {
            guard let child = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            path.append(word)
            command = child
        }
        return path.joined(separator: " ")
    }

    /// Flags the root command answers by itself, without a subcommand (an array: building a
    /// `Set` of strings costs a start-up more than looking through five).
    private static let rootBuiltins = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"]

    /// `arguments` (without the program name) with every global option moved after the subcommand path.
    static func normalise(_ arguments: [String], root: ParsableCommand.Type) throws -> [String] {
        var globals: [String] = []
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--config", index + 1 < arguments.count {
                globals += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            if argument.hasPrefix("--config=") || argument == "--verbose" || isShortVerbose(argument) {
                globals.append(argument)
            } else {
                rest.append(argument)
            }
            index += 1
        }
        var path: [String] = []
        var command: ParsableCommand.Type = root
        var position = 0
        while position < rest.count, let child = command.configuration.subcommands.first(where: { $0._commandName == rest[position] }) {
            path.append(rest[position])
            command = child
            position += 1
        }
        // The internal commands (`hold`, `action-service`) are neither offered nor suggested.
        let names = command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        if position < rest.count, !names.isEmpty, !rest[position].hasPrefix("-"), !(path.isEmpty && rest[position] == "help") {
            throw UnknownCommand(
                parent: ([root._commandName] + path).joined(separator: " "), word: rest[position],
                suggestion: ClosestMatch.closest(to: rest[position], in: names), commands: names)
        }
        // The root declares the global options for help and completion only; with anything for
        // the default subcommand on the line, name it, so that it, not the root, parses them.
        if path.isEmpty, rest.first != "help", let fallback = root.configuration.defaultSubcommand,
            !globals.isEmpty || rest.contains(where: { !rootBuiltins.contains($0) })
        {
            path = [fallback._commandName]
        }
        return path + globals + rest[position...]
    }

    /// `-v`, `-vv`, `-vvv`: here and in ``QuickRoute`` (read byte by byte: `notify`'s line goes
    /// through both before it posts).
    static func isShortVerbose(_ argument: String) -> Bool {
        argument.utf8.count >= 2 && argument.utf8.first == UInt8(ascii: "-")
            && argument.utf8.dropFirst().allSatisfy { $0 == UInt8(ascii: "v") }
    }
}
