import ArgumentParser
import DailyQuoteKit

/// `dailyquote run`: the foreground scheduler, and the default subcommand.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the refresh and delivery stages in the foreground on the planned schedule."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var dryRun: DryRunOption

    func run() async throws {
        let context = try CommandContext(global)
        let mode = ExecutionMode(dryRun: dryRun.dryRun)
        let preview = SchedulePreview(planner: context.planner, start: context.now, count: 7)
        guard mode.isDryRun else {
            throw CommandFailure(
                "the foreground scheduler is not available in this version; preview it with `dailyquote run --dry-run`",
                exitCode: CommandFailure.unavailable)
        }
        print(preview.text, terminator: "")
        for line in RunPlanDescription(context: context, preview: preview).stageLines { print(line) }
    }
}
