import ArgumentParser

/// Lets global options stand before the subcommand (`dailyquote --config F schedule`).
///
/// ArgumentParser only reads an option after the subcommand that declares it, and with `run`
/// as the default subcommand, options before a subcommand name would be routed to `run`.
/// This moves leading `--config`/`-v` options to just after the subcommand path.
enum GlobalOptionRouting {
    /// `arguments` (without the program name) with leading global options moved.
    static func normalise(_ arguments: [String], root: ParsableCommand.Type) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--config", index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--config=") || argument == "--verbose" || isShortVerbose(argument) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return arguments }
        var path: [String] = []
        var command: ParsableCommand.Type = root
        while index < arguments.count,
            let child = command.configuration.subcommands.first(where: { $0._commandName == arguments[index] })
        {
            path.append(arguments[index])
            command = child
            index += 1
        }
        return path + leading + arguments[index...]
    }

    /// `-v`, `-vv`, `-vvv`.
    private static func isShortVerbose(_ argument: String) -> Bool {
        argument.count >= 2 && argument.hasPrefix("-") && argument.dropFirst().allSatisfy { $0 == "v" }
    }
}
