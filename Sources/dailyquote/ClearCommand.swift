import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials

/// `dailyquote clear`: delete the cached quote, the state, or both.
struct ClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete the cached quote (--cache), the delivery state and history (--state), or both."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Delete the cached quote.")
    var cache = false

    @Flag(help: "Delete the delivery state and history.")
    var state = false

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    func run() throws {
        let paths = AppPaths(environment: EnvironmentVariables.current())
        let both = !cache && !state
        let purge = Purge(cache: cache || both, state: state || both)
        let existing = purge.existing(in: paths)
        guard !existing.isEmpty else {
            print("nothing to delete")
            return
        }
        print("will delete: \(existing.joined(separator: ", "))")
        if !yes {
            guard ProcessState.standardInputIsTerminal else {
                throw CommandFailure("refusing to delete without --yes: standard input is not a terminal")
            }
            print("Delete? [y/N] ", terminator: "")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                print("nothing deleted")
                return
            }
        }
        do throws(Purge.Failure) {
            try purge.run(in: paths)
        } catch {
            throw CommandFailure("cannot delete \(error.path): \(error.reason)", kind: .cannotWrite)
        }
        print("deleted")
    }
}
