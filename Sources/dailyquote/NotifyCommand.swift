import ArgumentParser
import DailyQuoteKit
import DailyQuoteSystem
import FoundationEssentials

/// `dailyquote notify`: the delivery stage.
struct NotifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Post the day's quote if a planned delivery is due (once per planned day).",
        discussion: "Exit status 69 if the notification could not be posted; the delivery then stays due."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var dryRun: DryRunOption

    @Flag(help: "Post the current quote now, due or not, without using up the day's delivery.")
    var now = false

    @Flag(help: "Print the outcome as one JSON object.")
    var json = false

    /// The options as plain values, which the command runs.
    var request: Request {
        Request(config: global.config, verbosity: global.verbose, mode: dryRun.mode, now: now, json: json)
    }

    func run() throws {
        try request.run()
    }

    /// What `notify` was asked to do, whoever parsed the line: ArgumentParser, or ``QuickRoute``
    /// for the plain lines the timers and a person type.
    struct Request: Equatable {
        /// `--config`.
        var config: String?
        /// How many `-v`.
        var verbosity = 0
        var mode = ExecutionMode.live
        /// `--now`.
        var now = false
        /// `--json`.
        var json = false

        /// The whole command.
        func run() throws {
            let context = try CommandContext(CommandEnvironment(config: config, verbosity: verbosity))
            // After the stage, whatever its outcome: a service of an older `install` brings its units up to date.
            defer { if mode == .live { InstalledUnitsUpdate(context: context).run() } }
            // A live run starts the holder now, if one will post: it gets ready while the stage decides.
            let stage = context.stages.deliveryStage(preparingAhead: mode == .live)
            do {
                let outcome = now ? try stage.postNow(mode: mode) : try stage.deliverIfDue(mode: mode)
                print(
                    json
                        ? try JSONOutput.encode(outcome.report(zone: context.zone))
                        : outcome.text(zone: context.zone, now: context.now, tr: context.base.tr))
            } catch let error as UserFacingError where json {
                var failed = DeliveryOutcome(result: .failed)
                failed.detail = error.errorDescription
                print(try JSONOutput.encode(failed.report(zone: context.zone)))
                throw error
            }
        }
    }
}
